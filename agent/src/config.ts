import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TokenSource } from './runtime/token.ts';

/**
 * The one reader of `process.env` for the agent. Every variable is declared here and parsed once
 * at start; a bad value stops the process with a message naming the variable (exit code 2).
 * Parsed by hand rather than with zod as the operator does: zod alone is ~10 MB of the agent's
 * 100 MB budget.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];
const MIB = 1024 * 1024;

export interface AgentConfig {
  readonly apiUrl: string;
  readonly token: TokenSource;
  /** Absolute. */
  readonly bufferDir: string;
  readonly concurrency: number;
  readonly batchSize: number;
  readonly bufferMaxBytes: number;
  /** Unset: no health listener. */
  readonly healthPort: number | undefined;
  readonly logLevel: LogLevel;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AgentConfig {
  // A variable set to '' (a chart value left blank) counts as unset.
  const get = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const int = (name: string, min: number, max: number, fallback?: number): number | undefined => {
    const raw = get(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      throw new ConfigError(`${name} must be an integer from ${min} to ${max}`);
    }
    return n;
  };

  const apiUrl = get('PLINTH_API_URL');
  if (apiUrl === undefined) throw new ConfigError('PLINTH_API_URL is required');
  if (!/^https?:\/\/[^/]+/.test(apiUrl))
    throw new ConfigError('PLINTH_API_URL must be an http:// or https:// URL');
  const token = get('PLINTH_AGENT_TOKEN');
  // In a cluster: a mounted Secret, read again when it is rotated.
  const tokenFile = get('PLINTH_AGENT_TOKEN_FILE');
  if (token === undefined && tokenFile === undefined) {
    throw new ConfigError(
      "PLINTH_AGENT_TOKEN or PLINTH_AGENT_TOKEN_FILE is required: the agent's token, or the path of a file holding it",
    );
  }
  if (token !== undefined && tokenFile !== undefined) {
    throw new ConfigError('set only one of PLINTH_AGENT_TOKEN and PLINTH_AGENT_TOKEN_FILE');
  }
  if (tokenFile !== undefined) {
    try {
      if (readFileSync(tokenFile, 'utf8').trim() === '') throw new Error('empty');
    } catch {
      throw new ConfigError(`PLINTH_AGENT_TOKEN_FILE ${tokenFile} is missing, unreadable or empty`);
    }
  }
  const logLevel = get('LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }
  return Object.freeze({
    apiUrl: apiUrl.replace(/\/+$/, ''),
    token: tokenFile !== undefined ? { file: tokenFile } : { token: token! },
    bufferDir: resolve(get('PLINTH_AGENT_BUFFER_DIR') ?? './plinth-agent-buffer'),
    concurrency: int('PLINTH_AGENT_CONCURRENCY', 1, 4096, 64)!,
    batchSize: int('PLINTH_AGENT_BATCH_SIZE', 1, 500, 200)!,
    // At least a few segments' worth; 1 TiB is more than any probe should hold.
    bufferMaxBytes: int('PLINTH_AGENT_BUFFER_MAX_BYTES', 64 * 1024, 1024 * 1024 * MIB, 256 * MIB)!,
    healthPort: int('PLINTH_AGENT_HEALTH_PORT', 1, 65_535),
    logLevel: logLevel as LogLevel,
  });
}
