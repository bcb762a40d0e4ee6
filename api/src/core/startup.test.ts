import { describe, expect, it } from 'vitest';
import { databaseTarget, listenFailure } from './startup.ts';

describe('databaseTarget', () => {
  it('names host and port of DATABASE_URL, never its user, password, database or options', () => {
    const url = 'postgres://plinth:s3cret%40pw@db.internal:6543/plinth?sslmode=require&password=x';
    const target = databaseTarget({ kind: 'postgres', url, poolSize: 10 });
    expect(target).toBe('PostgreSQL at db.internal:6543');
    expect(databaseTarget({ kind: 'postgres', url: 'postgresql://u:p@[::1]/d', poolSize: 1 })).toBe(
      'PostgreSQL at [::1]:5432',
    );
  });

  it('names the directory of the embedded database', () => {
    expect(databaseTarget({ kind: 'pglite', dataDir: './.data' })).toBe('embedded database in ./.data');
  });
});

describe('listenFailure', () => {
  it('turns a taken port into a StartupError naming the variable, and leaves other errors alone', () => {
    const busy = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    expect(listenFailure(busy, 'PLINTH_METRICS_PORT', '0.0.0.0', 9090)?.message).toBe(
      'PLINTH_METRICS_PORT 9090 (on 0.0.0.0) is already in use; stop the process using it or set another PLINTH_METRICS_PORT',
    );
    expect(listenFailure(new Error('other'), 'PORT', '0.0.0.0', 8080)).toBeUndefined();
  });
});
