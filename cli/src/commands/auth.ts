import type { Command } from 'commander';
import { ApiError } from '../../../clients/typescript/src/index.ts';
import { ask, globalsOf, readStdin, uses } from '../command.ts';
import type { Credential } from '../config.ts';
import {
  contextName,
  ensureContext,
  loadConfig,
  loadCredentials,
  saveConfig,
  saveCredentials,
} from '../config.ts';
import { authError, CliError, usageError } from '../errors.ts';
import { bold, note, print, renderOne } from '../output.ts';
import { progress } from '../progress.ts';
import { clientFor, openSession, serverOf } from '../session.ts';
import type { Provider } from '../sso.ts';

interface LoginFlags {
  withToken?: boolean;
  username?: string;
  provider?: string;
}

/** Which provider the device grant uses: `--provider`, or the only one with a command-line client. */
function chooseProvider(providers: Provider[], wanted: string | undefined): Provider {
  const usable = providers.filter((p) => p.cli_client_id);
  if (wanted) {
    const found = providers.find((p) => p.name === wanted);
    if (!found)
      throw usageError(
        `The server has no provider "${wanted}" (it has: ${providers.map((p) => p.name).join(', ') || 'none'}).`,
      );
    return found;
  }
  if (usable.length === 1) return usable[0]!;
  if (usable.length === 0)
    throw usageError(
      'This server offers no single sign-on for the command line. Use `plinth login --username <name>` or `--with-token`.',
    );
  throw usageError(
    `Several providers can sign you in: pass --provider (${usable.map((p) => p.name).join(', ')}).`,
  );
}

async function login(command: Command): Promise<void> {
  const flags = globalsOf<LoginFlags>(command);
  const config = loadConfig();
  const name = contextName(config, flags.context);
  const server = serverOf(flags, config.contexts[name]);
  if (!server) throw usageError('Which server? Pass --server https://…, or set PLINTH_URL.');
  if (flags.withToken && flags.username) throw usageError('--with-token and --username exclude each other.');
  const anonymous = clientFor(server);
  let credential: Credential;
  let who: string;
  if (flags.withToken) {
    const token = (await readStdin()).trim();
    if (!token) throw usageError('--with-token reads the token from standard input, which was empty.');
    who = await checkToken(server, token);
    credential = { kind: 'api_key', token, ...loginTokenExpiry(token) };
  } else if (flags.username) {
    const password = await ask(`Password for ${flags.username}: `, { secret: true });
    if (!password) throw usageError('No password given.');
    const answer = await anonymous.apiLoginCreate({ requestBody: { username: flags.username, password } });
    credential = {
      kind: 'login_token',
      token: answer.token,
      expires_at: answer.expires_at,
      username: flags.username,
    };
    who = flags.username;
  } else {
    const { providers } = await anonymous.apiLoginProvidersRetrieve({});
    const provider = chooseProvider(providers, flags.provider);
    const { deviceLogin } = await import('../sso.ts');
    credential = await deviceLogin(
      anonymous,
      provider,
      (start) => {
        // Printed, never opened: the approval may happen on another device.
        note(
          `To sign in with ${provider.display_name}, open ${bold(start.verificationUriComplete ?? start.verificationUri, false)}`,
        );
        note(`and confirm the code ${start.userCode} (valid ${Math.round(start.expiresIn / 60)} minutes).`);
      },
      () => progress('Waiting for the approval…'),
    );
    who = (await clientFor(server, credential.token).apiV1UsersMeRetrieve({})).username;
    credential.username = who;
  }
  const context = ensureContext(config, name);
  context.server = server;
  config['current-context'] = name;
  saveConfig(config);
  const credentials = loadCredentials();
  credentials.contexts[name] = credential;
  saveCredentials(credentials);
  note(`Signed in to ${server} as ${who} (context "${name}").`);
}

/**
 * A login token (a JWT, unlike API keys) given to `--with-token`: its expiry, read from its claims
 * (not verified here; the server does), so an expired one is reported before it is sent.
 */
function loginTokenExpiry(token: string): Pick<Credential, 'kind' | 'expires_at'> | undefined {
  const payload = /^[\w-]+\.([\w-]+)\.[\w-]+$/.exec(token)?.[1];
  if (!payload) return undefined;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof exp === 'number'
      ? { kind: 'login_token', expires_at: new Date(exp * 1000).toISOString() }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Who a token is, or an auth error (exit 3) when the server refuses it. */
async function checkToken(server: string, token: string): Promise<string> {
  try {
    return (await clientFor(server, token).apiV1UsersMeRetrieve({})).username;
  } catch (err) {
    // An organization key acts for no user, a narrow key may not read users: both are valid keys.
    if (err instanceof ApiError && err.status === 403) return 'an API key';
    if (err instanceof ApiError && err.status === 401)
      throw authError(
        `The server refused the token: ${err.message} (code: ${err.code ?? 'http_401'})`,
        err.code,
      );
    throw err;
  }
}

async function logout(command: Command): Promise<void> {
  const flags = globalsOf(command);
  const config = loadConfig();
  const name = contextName(config, flags.context);
  const credentials = loadCredentials();
  const credential = credentials.contexts[name];
  if (!credential) {
    note(`Context "${name}" is not signed in.`);
    return;
  }
  let ended = '';
  if (credential.kind === 'sso') {
    const { endSsoSession } = await import('../sso.ts');
    try {
      if (await endSsoSession(credential)) ended = ' and ended the session at the identity provider';
    } catch (err) {
      // The local sign-out still happens; the user is told what could not be ended.
      throw new CliError(
        `Could not end the session at the identity provider (${(err as Error).message}); the local credentials were kept. Try again.`,
      );
    }
  }
  const server = config.contexts[name]?.server;
  if (credential.kind !== 'api_key' && server) {
    // The login token itself (a password or a device sign-in): refused by the server from now on.
    try {
      await clientFor(server, credential.token).apiLogoutCreate();
      ended += ended ? ', and signed out the login token' : ' and signed out the login token';
    } catch (err) {
      // An expired or already ended token is a 204 too; anything else leaves it working.
      throw new CliError(
        `Could not sign the login token out at ${server} (${(err as Error).message}); the local credentials were kept. Try again.`,
      );
    }
  }
  delete credentials.contexts[name];
  saveCredentials(credentials);
  note(`Signed out of context "${name}"${ended}.`);
  if (credential.kind === 'api_key')
    note('The API key itself still works: revoke it with `plinth api-keys revoke` if it should not.');
}

export function registerAuth(program: Command): void {
  uses(
    program
      .command('login')
      .description(
        'Sign in: the identity provider (device code), --username (password) or --with-token (stdin)',
      )
      .option('--server <url>', "the API's address (default: PLINTH_URL, then the context's)")
      .option('--with-token', 'read an API key (or login token) from standard input')
      .option('-u, --username <name>', 'sign in with a local password (prompted, or read from stdin)')
      .option('--provider <name>', 'the identity provider for the device sign-in, when there are several')
      .action((_opts, cmd: Command) => login(cmd)),
    'api_login_create',
    'api_login_oidc_create',
    'api_login_providers_retrieve',
    'api_v1_users_me_retrieve',
  );
  uses(
    program
      .command('logout')
      .description(
        "Sign out of the context: the login token is refused from now on, and a device sign-in's session at the identity provider ends",
      )
      .action((_opts, cmd: Command) => logout(cmd)),
    'api_logout_create',
  );
  uses(
    program
      .command('whoami')
      .description('The signed-in user')
      .action(async (_opts, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const me = await session.client.apiV1UsersMeRetrieve({});
        print(
          renderOne(
            me,
            [
              { name: 'username', header: 'USERNAME' },
              { name: 'full_name', header: 'NAME' },
              { name: 'email', header: 'EMAIL' },
              { name: 'is_superuser', header: 'SUPERUSER' },
              { name: 'server', header: 'SERVER', value: () => session.server },
            ],
            globals,
          ),
        );
      }),
    'api_v1_users_me_retrieve',
  );
}
