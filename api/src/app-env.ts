import type { HttpBindings } from '@hono/node-server';
import type { Logger } from './lib/logger.ts';
import type { Principal } from './services/policy.ts';

/** Per-request variables every handler can read with `c.var`. */
export interface AppEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    logger: Logger;
    /** The client's address: the socket peer, or the proxy-reported one with PLINTH_TRUST_PROXY. */
    clientIp: string | null;
    /** Set by the auth middleware on every protected route. */
    principal: Principal;
  };
}
