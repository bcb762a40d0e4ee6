import { loadConfig } from './config.ts';
import { ConfigError } from './core/config-error.ts';
import { createLogger } from './core/logger.ts';
import { ensureBootstrapAdmin } from './areas/users/bootstrap.ts';
import { openDatabase } from './core/db/client.ts';

/**
 * `npm run db:migrate`: applies pending migrations (under the same advisory lock the API takes at
 * start) and creates the first admin if there is no user. For a Helm hook Job or a manual upgrade.
 */
try {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config.database);
  try {
    await database.migrate(() =>
      ensureBootstrapAdmin(database.db, config.bootstrapAdmin, logger, {
        interactive: process.stdout.isTTY === true,
        dataDir: config.dataDir,
      }),
    );
    logger.info({ database: database.kind }, 'migrations applied');
  } finally {
    await database.close();
  }
} catch (err) {
  process.stderr.write(
    `plinth-api db:migrate: ${err instanceof ConfigError ? err.message : describe(err)}\n`,
  );
  process.exitCode = err instanceof ConfigError ? 2 : 1;
}

function describe(err: unknown): string {
  const e = err as { name?: string; code?: unknown };
  // Driver messages may carry connection details: name and code say enough.
  return [e.name ?? 'Error', typeof e.code === 'string' ? e.code : ''].filter(Boolean).join(' ');
}
