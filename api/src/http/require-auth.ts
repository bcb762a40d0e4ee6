import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { authenticateAgent } from '../auth/agents.ts';
import { authenticate } from '../auth/registry.ts';
import { forbidden } from '../core/errors.ts';
import type { AuthContext } from '../auth/login.ts';

/** The agent endpoints: monitoring agents' tokens only (auth/agents.ts), and no other credential. */
export const AGENT_PREFIX = '/api/v1/agent/';

/** Paths under /api/v1/ that need no token. */
const PUBLIC_PATHS = new Set(['/api/v1/schema/']);

/**
 * Every /api/v1/ request except the public ones must carry a valid bearer token; the principal is
 * then on `c.get('principal')`, or, on the agent endpoints, the agent on `c.get('agent')`. Cookies and HTTP Basic are never accepted here.
 */
export function requireAuth(ctx: AuthContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (PUBLIC_PATHS.has(c.req.path)) return next();
    if (c.req.path.startsWith(AGENT_PREFIX)) {
      if (c.env?.internal)
        throw forbidden('The agent endpoints are for monitoring agents.', 'agent_token_required');
      c.set(
        'agent',
        await authenticateAgent(ctx.db, c.req.header('authorization'), c.req.header('x-agent-id')),
      );
      return next();
    }
    // Authenticated (and its use recorded) by the edge that made this in-process request.
    const internal = c.env?.internal;
    if (internal) {
      c.set('principal', internal.principal);
      return next();
    }
    const principal = await authenticate(ctx, c.req.header('authorization'), {
      ip: c.get('clientIp'),
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
    });
    c.set('principal', principal);
    await next();
  };
}
