import { z } from '@hono/zod-openapi';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../edges/http/app-env.ts';
import type { Database } from '../../core/db/client.ts';
import { defineRoute } from '../../edges/http/openapi.ts';
import { paginated, PageQuerySchema } from '../../core/pagination.ts';
import type { AuditLog } from '../audit/writer.ts';
import { createUser, getUser, listUsers, me, updateUser } from './service.ts';
import { IdParams, jsonBody, jsonResponse, patchBody, requestInfo } from '../../edges/http/common.ts';
import { Timestamp } from '../../core/schema.ts';

export const UserSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    email: z.string().nullable(),
    full_name: z.string(),
    is_superuser: z.boolean().openapi({ description: 'Super Admin.' }),
    is_active: z.boolean(),
    last_login_at: Timestamp.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('User');

const Username = z
  .string()
  .min(1)
  .max(150)
  .regex(/^[A-Za-z0-9@.+_-]+$/, { error: 'Letters, digits and @ . + - _ only.' });
const Password = z.string().min(12).max(1024);

const UserCreate = z
  .object({
    username: Username,
    password: Password.optional().openapi({ description: 'Omit for users who sign in through SSO only.' }),
    email: z.email().nullable().optional(),
    full_name: z.string().max(200).optional(),
    is_superuser: z.boolean().optional(),
  })
  .openapi('UserCreate');

const UserUpdate = patchBody(
  z.object({
    username: Username.optional(),
    password: Password.optional(),
    email: z.email().nullable().optional(),
    full_name: z.string().max(200).optional(),
    is_superuser: z.boolean().optional(),
    is_active: z
      .boolean()
      .optional()
      .openapi({ description: 'false deactivates the user: logins and keys stop working.' }),
  }),
).openapi('UserUpdate');

const tags = ['users'];

export function registerUsers(app: OpenAPIHono<AppEnv>, db: Database, audit: AuditLog): void {
  app.openapi(
    defineRoute({
      method: 'get',
      path: '/api/v1/users/',
      list: true,
      tags,
      summary: 'List users (Super Admin)',
      request: { query: PageQuerySchema },
      responses: { 200: jsonResponse('A page of users.', paginated(UserSchema, 'PaginatedUserList')) },
    }),
    async (c) =>
      c.json(await listUsers(db, c.get('principal'), new URL(c.req.url), c.req.valid('query')), 200),
  );
  app.openapi(
    defineRoute({
      method: 'post',
      path: '/api/v1/users/',
      tags,
      summary: 'Create a user (Super Admin)',
      request: { body: jsonBody(UserCreate) },
      responses: { 201: jsonResponse('The new user.', UserSchema) },
    }),
    async (c) =>
      c.json(await createUser(db, audit, c.get('principal'), c.req.valid('json'), requestInfo(c)), 201),
  );
  app.openapi(
    defineRoute({
      method: 'get',
      path: '/api/v1/users/me/',
      tags,
      summary: 'The user the token belongs to',
      responses: { 200: jsonResponse('The calling user.', UserSchema) },
    }),
    async (c) => c.json(await me(db, c.get('principal')), 200),
  );
  app.openapi(
    defineRoute({
      method: 'get',
      path: '/api/v1/users/{id}/',
      tags,
      summary: 'A user (yourself, or anyone for a Super Admin)',
      request: { params: IdParams },
      responses: { 200: jsonResponse('The user.', UserSchema) },
    }),
    async (c) => c.json(await getUser(db, c.get('principal'), c.req.valid('param').id), 200),
  );
  app.openapi(
    defineRoute({
      method: 'patch',
      path: '/api/v1/users/{id}/',
      tags,
      summary: 'Update or deactivate a user (Super Admin)',
      request: { params: IdParams, body: jsonBody(UserUpdate) },
      responses: { 200: jsonResponse('The updated user.', UserSchema) },
      errors: [409],
    }),
    async (c) =>
      c.json(
        await updateUser(
          db,
          audit,
          c.get('principal'),
          c.req.valid('param').id,
          c.req.valid('json'),
          requestInfo(c),
        ),
        200,
      ),
  );
}
