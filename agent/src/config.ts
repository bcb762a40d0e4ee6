import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { TokenSource } from './runtime/token.ts';

/**
 * The one reader of `process.env` for the agent. Every variable is declared here and parsed once
 * at start; a bad value stops the process with a message naming the variable (exit code 2).
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const MIB = 1024 * 1024;

const int = (min: number, max: number) => {
  const error = `must be an integer from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};
const nonEmpty = z.string().trim().min(1, { error: 'must not be empty' });

const EnvSchema = z.object({
  PLINTH_API_URL: z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/[^/]+/.test(v), { error: 'must be an http:// or https:// URL' })
    .transform((v) => v.replace(/\/+$/, '')),
  PLINTH_AGENT_TOKEN: nonEmpty.optional(),
  // In a cluster: a mounted Secret, read again when it is rotated.
  PLINTH_AGENT_TOKEN_FILE: nonEmpty.optional(),
  PLINTH_AGENT_BUFFER_DIR: nonEmpty.default('./plinth-agent-buffer'),
  PLINTH_AGENT_CONCURRENCY: int(1, 4096).default(64),
  PLINTH_AGENT_BATCH_SIZE: int(1, 500).default(200),
  // At least a few segments' worth; 1 TiB is more than any probe should hold.
  PLINTH_AGENT_BUFFER_MAX_BYTES: int(64 * 1024, 1024 * 1024 * MIB).default(256 * MIB),
  PLINTH_AGENT_HEALTH_PORT: int(1, 65_535).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
});

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
  readonly logLevel: (typeof LOG_LEVELS)[number];
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AgentConfig {
  // A variable set to '' (a chart value left blank) counts as unset.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const message =
      issue.code === 'invalid_type' && present[name] === undefined ? 'is required' : issue.message;
    throw new ConfigError(`${name} ${message}`);
  }
  const e = parsed.data;
  if (e.PLINTH_AGENT_TOKEN === undefined && e.PLINTH_AGENT_TOKEN_FILE === undefined) {
    throw new ConfigError(
      "PLINTH_AGENT_TOKEN or PLINTH_AGENT_TOKEN_FILE is required: the agent's token, or the path of a file holding it",
    );
  }
  if (e.PLINTH_AGENT_TOKEN !== undefined && e.PLINTH_AGENT_TOKEN_FILE !== undefined) {
    throw new ConfigError('set only one of PLINTH_AGENT_TOKEN and PLINTH_AGENT_TOKEN_FILE');
  }
  if (e.PLINTH_AGENT_TOKEN_FILE !== undefined) {
    try {
      if (readFileSync(e.PLINTH_AGENT_TOKEN_FILE, 'utf8').trim() === '') throw new Error('empty');
    } catch {
      throw new ConfigError(
        `PLINTH_AGENT_TOKEN_FILE ${e.PLINTH_AGENT_TOKEN_FILE} is missing, unreadable or empty`,
      );
    }
  }
  return Object.freeze({
    apiUrl: e.PLINTH_API_URL,
    token:
      e.PLINTH_AGENT_TOKEN_FILE !== undefined
        ? { file: e.PLINTH_AGENT_TOKEN_FILE }
        : { token: e.PLINTH_AGENT_TOKEN! },
    bufferDir: resolve(e.PLINTH_AGENT_BUFFER_DIR),
    concurrency: e.PLINTH_AGENT_CONCURRENCY,
    batchSize: e.PLINTH_AGENT_BATCH_SIZE,
    bufferMaxBytes: e.PLINTH_AGENT_BUFFER_MAX_BYTES,
    healthPort: e.PLINTH_AGENT_HEALTH_PORT,
    logLevel: e.LOG_LEVEL,
  });
}
