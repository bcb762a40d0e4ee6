import { describe, expect, it } from 'vitest';
import { databaseTarget, isOutageLeftover, listenFailure } from './startup.ts';

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

describe('isOutageLeftover', () => {
  it("survives postgres.js's own error for a connection the server closed, and socket errors", () => {
    // The shape postgres.js gives it (src/errors.js `connection`): code and errno, address, port.
    const closed = Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), {
      code: 'CONNECTION_CLOSED',
      errno: 'CONNECTION_CLOSED',
      address: ['127.0.0.1'],
      port: [5432],
    });
    expect(isOutageLeftover(closed)).toBe(true);
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' });
    expect(isOutageLeftover(reset)).toBe(true);
  });

  it('leaves everything else to end the process', () => {
    expect(isOutageLeftover(new TypeError('x is undefined'))).toBe(false);
    // The same codes without what the driver or the socket layer puts on them.
    expect(isOutageLeftover(Object.assign(new Error('nope'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isOutageLeftover(Object.assign(new Error('nope'), { code: 'CONNECTION_CLOSED' }))).toBe(false);
    expect(isOutageLeftover('CONNECTION_CLOSED')).toBe(false);
  });
});
