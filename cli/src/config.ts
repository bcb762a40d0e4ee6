import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { parse, stringify } from 'yaml';
import { usageError } from './errors.ts';

/** A named place to work: which server, and the organization and workspace commands default to. */
export interface Context {
  server?: string | undefined;
  organization?: string | undefined;
  workspace?: string | undefined;
}

/** `config.yaml`: the contexts and which one is current. No secrets: those are in credentials.yaml. */
export interface Config {
  'current-context'?: string | undefined;
  contexts: Record<string, Context>;
}

/** How a context is signed in. */
export interface Credential {
  /** `api_key` (login --with-token), `login_token` (--username), `sso` (the device grant). */
  kind: 'api_key' | 'login_token' | 'sso';
  token: string;
  /** When `token` stops working (login tokens); absent for keys without an expiry. */
  expires_at?: string | undefined;
  username?: string | undefined;
  /** The device grant's provider, for renewing the login token and for logout. */
  provider?: string | undefined;
  issuer?: string | undefined;
  client_id?: string | undefined;
  refresh_token?: string | undefined;
}

/** `credentials.yaml`: one credential per context name. Created with mode 0600. */
export interface Credentials {
  contexts: Record<string, Credential>;
}

export const DEFAULT_CONTEXT = 'default';

/** `$XDG_CONFIG_HOME/plinth`, or `~/.config/plinth`. */
export function configDir(): string {
  const base = process.env.XDG_CONFIG_HOME?.trim() || join(homedir(), '.config');
  return join(base, 'plinth');
}

export const configPath = (): string => join(configDir(), 'config.yaml');
export const credentialsPath = (): string => join(configDir(), 'credentials.yaml');

function readYaml<T>(path: string, empty: T): T {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return empty;
    throw err;
  }
  let value: unknown;
  try {
    value = parse(text);
  } catch (err) {
    throw usageError(`${path} is not valid YAML: ${(err as Error).message}`);
  }
  if (value === null || value === undefined) return empty;
  if (typeof value !== 'object' || Array.isArray(value)) throw usageError(`${path} is not a YAML mapping.`);
  return value as T;
}

/**
 * Writes `path` whole through a new file made with `mode` and renamed over the old one: a reader
 * never sees half a file, and the file never exists, even for a moment, with a wider mode than asked
 * (the mode is the new file's from its creation; no chmod after the secret is written).
 */
function writeYaml(path: string, value: unknown, mode: number): void {
  mkdirSync(configDir(), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, stringify(value), { mode, flag: 'wx' });
    renameSync(temporary, path);
  } catch (err) {
    rmSync(temporary, { force: true });
    throw err;
  }
}

export function loadConfig(): Config {
  const config = readYaml<Config>(configPath(), { contexts: {} });
  config.contexts ??= {};
  return config;
}

export function saveConfig(config: Config): void {
  writeYaml(configPath(), config, 0o644);
}

export function loadCredentials(): Credentials {
  const credentials = readYaml<Credentials>(credentialsPath(), { contexts: {} });
  credentials.contexts ??= {};
  return credentials;
}

export function saveCredentials(credentials: Credentials): void {
  writeYaml(credentialsPath(), credentials, 0o600);
}

/** The context a command uses: `--context`, `PLINTH_CONTEXT`, the current one, or `default`. */
export function contextName(config: Config, flag: string | undefined): string {
  return flag ?? (process.env.PLINTH_CONTEXT || undefined) ?? config['current-context'] ?? DEFAULT_CONTEXT;
}

/** Makes `name` exist and be current when there is no current context yet. */
export function ensureContext(config: Config, name: string): Context {
  const context = (config.contexts[name] ??= {});
  config['current-context'] ??= name;
  return context;
}
