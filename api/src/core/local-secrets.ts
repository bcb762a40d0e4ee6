import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from './logger.ts';

/** The keys the API signs and encrypts with, once resolved. */
export interface Secrets {
  /** 32 bytes: AES-256-GCM key for secrets at rest. */
  readonly encryptionKey: Buffer;
  /** HMAC key for login tokens. */
  readonly jwtSigningKey: string;
}

interface StoredSecrets {
  encryption_key: string;
  jwt_signing_key: string;
}

/**
 * Keys from the configuration, or, on the embedded single-process default where they may be unset,
 * generated once into `<dataDir>/secrets.json` (mode 0600) and reused across restarts.
 * (`loadConfig` already refuses a shared database without both keys.)
 */
export function resolveSecrets(
  config: {
    readonly encryptionKey?: Buffer | undefined;
    readonly jwtSigningKey?: string | undefined;
    readonly dataDir: string;
  },
  logger: Logger,
): Secrets {
  if (config.encryptionKey && config.jwtSigningKey) {
    return { encryptionKey: config.encryptionKey, jwtSigningKey: config.jwtSigningKey };
  }
  const file = join(config.dataDir, 'secrets.json');
  let stored: StoredSecrets;
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
  } else {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    stored = {
      encryption_key: randomBytes(32).toString('base64'),
      jwt_signing_key: randomBytes(48).toString('base64url'),
    };
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600, flag: 'wx' });
    logger.warn(
      { file },
      'generated PLINTH_ENCRYPTION_KEY and PLINTH_JWT_SIGNING_KEY into the data directory; set both in production',
    );
  }
  return {
    encryptionKey: config.encryptionKey ?? Buffer.from(stored.encryption_key, 'base64'),
    jwtSigningKey: config.jwtSigningKey ?? stored.jwt_signing_key,
  };
}
