import { ApiError, createPlinthClient } from '../../clients/typescript/src/index.ts';
import type { ApiErrorBody, PlinthClient } from '../../clients/typescript/src/index.ts';
import type { Config, Context, Credential } from './config.ts';
import { contextName, loadConfig, loadCredentials, saveCredentials } from './config.ts';
import { authError, usageError } from './errors.ts';
import type { OutputOptions } from './output.ts';
import { USER_AGENT } from './version.ts';

/** The options every command has (program.ts): the context and the output flags. */
export interface Globals extends OutputOptions {
  context?: string | undefined;
  server?: string | undefined;
}

/** Where a command talks to and as whom. */
export interface Session {
  client: PlinthClient;
  server: string;
  contextName: string;
  context: Context;
  config: Config;
  /** Where the token came from: `PLINTH_TOKEN`, or the context's credential. */
  credential: Credential | undefined;
  /** The bearer token the client sends, for the requests it cannot make (a streamed answer). */
  token: string | undefined;
}

/** A client that says who it is (`User-Agent: plinth-cli/<version>`) on every request. */
export function clientFor(server: string, token?: string): PlinthClient {
  return createPlinthClient({
    baseUrl: server,
    token,
    headers: { 'User-Agent': USER_AGENT },
    timeoutMs: 60_000,
    retry: { attempts: 3 },
  });
}

/** The server: `--server`, `PLINTH_URL`, then the context's. */
export function serverOf(globals: Globals, context: Context | undefined): string | undefined {
  const server = globals.server ?? (process.env.PLINTH_URL || undefined) ?? context?.server;
  return server?.replace(/\/+$/, '');
}

const EARLY_SECONDS = 30;

/**
 * The session of the current context. `PLINTH_URL` and `PLINTH_TOKEN` override the files (CI); a
 * login token that expired is renewed through the identity provider for a device-grant sign-in and
 * refused in one line (exit 3) otherwise.
 */
export async function openSession(globals: Globals, { auth = true } = {}): Promise<Session> {
  const config = loadConfig();
  const name = contextName(config, globals.context);
  const context = config.contexts[name];
  if (globals.context && !context && !process.env.PLINTH_URL)
    throw usageError(`There is no context "${name}". See \`plinth context list\`.`);
  const server = serverOf(globals, context);
  if (!server)
    throw usageError('No server configured. Run `plinth login --server https://…`, or set PLINTH_URL.');
  const session = { server, contextName: name, context: context ?? {}, config };
  const envToken = process.env.PLINTH_TOKEN || undefined;
  if (envToken)
    return { ...session, client: clientFor(server, envToken), credential: undefined, token: envToken };
  const credentials = loadCredentials();
  // A context's credential goes only to the context's own server: PLINTH_URL pointing elsewhere
  // (another instance, a typo, a hostile address) never receives it.
  let credential = context?.server === server ? credentials.contexts[name] : undefined;
  if (!credential) {
    if (auth) throw authError(`Not signed in to ${server}. Run \`plinth login\`, or set PLINTH_TOKEN.`);
    return { ...session, client: clientFor(server), credential: undefined, token: undefined };
  }
  const expired =
    credential.expires_at !== undefined &&
    Date.parse(credential.expires_at) - EARLY_SECONDS * 1000 < Date.now();
  if (expired && credential.kind === 'sso') {
    // openid-client is loaded only when needed: most commands start faster without it.
    const { renewSso } = await import('./sso.ts');
    credential = await renewSso(clientFor(server), credential);
    credentials.contexts[name] = credential;
    saveCredentials(credentials);
  } else if (expired && auth) {
    const again = credential.username ? `plinth login --username ${credential.username}` : 'plinth login';
    throw authError(
      credential.kind === 'api_key'
        ? `The API key of context "${name}" expired at ${credential.expires_at}. Sign in again: \`plinth login --with-token\`.`
        : `Your login expired at ${credential.expires_at}. Run \`${again}\` again.`,
      'token_expired',
    );
  }
  return { ...session, client: clientFor(server, credential.token), credential, token: credential.token };
}

/**
 * A GET whose text answer is written as it comes (a followed run's output): the generated client
 * reads bodies whole. Sent as the client sends (token, User-Agent); a refusal is its ApiError.
 */
export async function streamText(
  session: Session,
  path: string,
  write: (chunk: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await fetch(session.server + path, {
    headers: {
      Accept: 'text/plain',
      'User-Agent': USER_AGENT,
      ...(session.token && { Authorization: `Bearer ${session.token}` }),
    },
    ...(signal && { signal }),
  });
  if (!response.ok) {
    const text = await response.text();
    let body: ApiErrorBody | undefined;
    try {
      body = JSON.parse(text) as ApiErrorBody;
    } catch {
      body = undefined;
    }
    throw new ApiError(response, body);
  }
  if (!response.body) return;
  // One decoder for the whole answer: a character split across chunks is joined again.
  const decoder = new TextDecoder();
  for await (const chunk of response.body as AsyncIterable<Uint8Array>)
    write(decoder.decode(chunk, { stream: true }));
  write(decoder.decode());
}
