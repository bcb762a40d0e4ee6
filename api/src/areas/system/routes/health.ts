import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../../http/app-env.ts';
import type { DatabaseHandle } from '../../../core/db/client.ts';

const READY_TIMEOUT_MS = 2000;

type Check = 'ok' | 'unreachable' | 'pending';

async function databaseCheck(database: DatabaseHandle): Promise<{ database: Check; migrations: Check }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('readiness check timed out')), READY_TIMEOUT_MS);
  });
  try {
    const pending = await Promise.race([database.migrationsPending(), timeout]);
    return { database: 'ok', migrations: pending ? 'pending' : 'ok' };
  } catch {
    return { database: 'unreachable', migrations: 'pending' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz`: the process is alive (no dependency is consulted, so a database outage never gets
 * the pod restarted). `/readyz`: the process finished its start-up work (migrations, first admin),
 * and the database answers within 2 s and has every committed migration; 503 otherwise, so the
 * load balancer stops sending traffic.
 */
export function registerHealth(
  app: OpenAPIHono<AppEnv>,
  database: DatabaseHandle,
  isStarted: () => boolean,
): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const checks = {
      ...(await databaseCheck(database)),
      startup: isStarted() ? ('ok' as const) : ('pending' as const),
    };
    if (checks.database === 'ok' && checks.migrations === 'ok' && checks.startup === 'ok') {
      return c.json({ status: 'ok', checks });
    }
    c.header('Retry-After', '5');
    const detail =
      checks.database !== 'ok'
        ? 'Not ready: the database is unreachable.'
        : checks.migrations !== 'ok'
          ? 'Not ready: database migrations are pending.'
          : 'Not ready: still starting up.';
    return c.json({ detail, code: 'not_ready', checks, request_id: c.get('requestId') }, 503);
  });
}
