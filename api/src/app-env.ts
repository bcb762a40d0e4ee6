import type { Logger } from './lib/logger.ts';

/** Per-request variables every handler can read with `c.var`. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
  };
}
