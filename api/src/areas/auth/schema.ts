import { z } from '@hono/zod-openapi';
import { Timestamp, text } from '../../core/schema.ts';

/** The shapes of signing in with a password (POST /api/login/). */

export const LoginRequest = z
  .object({
    username: text().min(1).max(150).openapi({ description: 'The username.' }),
    password: text().min(1).max(1024).openapi({ description: 'The password.' }),
  })
  .openapi('LoginRequest', {
    description: "A local user's credentials.",
    example: { username: 'alice', password: 'correct-horse-battery' },
  });

export const LoginResponse = z
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
