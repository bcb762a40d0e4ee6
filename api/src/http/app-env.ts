import type { HttpBindings } from '@hono/node-server';
import type { Logger } from '../core/logger.ts';
import type { AgentIdentity } from '../auth/agents.ts';
import type { Principal } from '../auth/policy.ts';

/**
 * A request another edge makes in-process on behalf of a caller it has authenticated (an MCP tool
 * call): passed as the request's bindings, which no network client can set.
 */
export interface InternalCall {
  readonly principal: Principal;
  readonly clientIp: string | null;
}

/** Per-request variables every handler can read with `c.get` (not `c.var`, which copies them all). */
export interface AppEnv {
  Bindings: Partial<HttpBindings> & { internal?: InternalCall };
  Variables: {
    requestId: string;
    /** The request's logger (its lines carry `request_id`), made on first use. */
    log: () => Logger;
    /** The client's address: the socket peer, or the proxy-reported one with PLINTH_TRUST_PROXY. */
    clientIp: string | null;
    /** Set by the auth middleware on every protected route. */
    principal: Principal;
    /** Set instead on the agent endpoints (`/api/v1/agent/…`): the agent the token is bound to. */
    agent: AgentIdentity;
  };
}
