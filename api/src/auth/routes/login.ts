import { z } from '@hono/zod-openapi';
import { defineRoute, PUBLIC } from '../../edges/http/openapi.ts';
import { login } from '../login.ts';
import { endpoint } from '../../edges/http/endpoint.ts';
import { jsonBody, jsonResponse, requestInfo } from '../../edges/http/common.ts';
import { Timestamp } from '../../core/schema.ts';

const LoginRequest = z
  .object({
    username: z.string().min(1).max(150),
    password: z.string().min(1).max(1024),
  })
  .openapi('LoginRequest');

const LoginResponse = z
  .object({
    token: z.string().openapi({ description: 'A short-lived bearer token (JWT).' }),
    expires_at: Timestamp,
  })
  .openapi('LoginResponse');

/** POST /api/login/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/login/',
    tags: ['auth'],
    summary: 'Exchange a username and password for a short-lived bearer token',
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
