import { z } from '@hono/zod-openapi';
import { defineRoute, PUBLIC } from '../../edges/http/openapi.ts';
import { login } from '../login.ts';
import { endpoint } from '../../edges/http/endpoint.ts';
import { jsonBody, jsonResponse, requestInfo } from '../../edges/http/common.ts';
import { Timestamp } from '../../core/schema.ts';

const LoginRequest = z
  .object({
    username: z.string().min(1).max(150).openapi({ description: 'The username.' }),
    password: z.string().min(1).max(1024).openapi({ description: 'The password.' }),
  })
  .openapi('LoginRequest', {
    description: "A local user's credentials.",
    example: { username: 'alice', password: 'correct-horse-battery' },
  });

const LoginResponse = z
  .object({
    token: z
      .string()
      .openapi({ description: 'A short-lived bearer token (JWT): `Authorization: Bearer <token>`.' }),
    expires_at: Timestamp.openapi({ description: 'When the token stops working.' }),
  })
  .openapi('LoginResponse', {
    description: 'A login token.',
    example: {
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2ZDNmIn0.c2lnbmF0dXJl',
      expires_at: '2026-11-21T22:00:00.000Z',
    },
  });

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
