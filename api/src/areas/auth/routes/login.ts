import { defineRoute, PUBLIC } from '../../../http/openapi.ts';
import { login } from '../../../auth/login.ts';
import { endpoint } from '../../area.ts';
import { jsonBody, jsonResponse, requestInfo } from '../../../http/common.ts';
import { LoginRequest, LoginResponse } from '../schema.ts';

/** POST /api/login/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/login/',
    tags: ['auth'],
    summary: 'Exchange a username and password for a short-lived bearer token',
    description:
      'For local users. The token authenticates like an API key until `expires_at`, and may also create and ' +
      'revoke API keys. Failed attempts are throttled per username and address (429 with `Retry-After`).',
    security: PUBLIC,
    request: { body: jsonBody(LoginRequest) },
    responses: { 200: jsonResponse('A login token.', LoginResponse) },
    errors: [401, 429],
  }),
  ({ auth }) =>
    async (c) => {
      const { token, expiresAt } = await login(auth, c.req.valid('json'), requestInfo(c));
      return c.json({ token, expires_at: expiresAt.toISOString() }, 200);
    },
);
