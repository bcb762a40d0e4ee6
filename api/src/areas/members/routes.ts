import { z } from '@hono/zod-openapi';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../edges/http/app-env.ts';
import type { Database } from '../../core/db/client.ts';
import { defineRoute } from '../../edges/http/openapi.ts';
import { paginated, PageQuerySchema } from '../../core/pagination.ts';
import type { AuditLog } from '../audit/writer.ts';
import { addMember, changeMember, listMembers, removeMember } from './service.ts';
import type { MembershipTarget } from './service.ts';
import type { Principal } from '../../auth/policy.ts';
import {
  IdParams,
  jsonBody,
  jsonResponse,
  noContent,
  requestInfo,
  sendNoContent,
} from '../../edges/http/common.ts';
import { MemberRoleSchema, Timestamp } from '../../core/schema.ts';

export const MemberSchema = z
  .object({
    user: z.uuid(),
    username: z.string(),
    full_name: z.string(),
    role: MemberRoleSchema,
    created_at: Timestamp,
  })
  .openapi('Member');

/** Who to add, by exactly one of username and e-mail address, never by ID (see addMember). */
const MemberCreate = z
  .object({
    username: z.string().min(1).max(150).optional().openapi({ description: 'The username (any case).' }),
    email: z.string().min(1).max(254).optional().openapi({ description: 'The e-mail address (any case).' }),
    role: MemberRoleSchema,
  })
  .refine((b) => (b.username === undefined) !== (b.email === undefined), {
    error: 'Give exactly one of username and email.',
  })
  .openapi('MemberCreate', {
    // Stated in words: `oneOf` with `required` makes generated clients type the body as `unknown`.
    description: 'Exactly one of `username` and `email` names the user to add.',
  });

const MemberParams = IdParams.extend({
  user_id: z.uuid().openapi({ param: { name: 'user_id', in: 'path' } }),
});

/**
 * `{base}members/` and `{base}members/{user_id}/` for one kind of parent (organization or
 * workspace). `resolve` finds the parent (404 when not visible) and says how rights are checked.
 */
export function registerMemberRoutes(
  app: OpenAPIHono<AppEnv>,
  opts: {
    base: '/api/v1/organizations/{id}/' | '/api/v1/workspaces/{id}/';
    tag: string;
    db: Database;
    audit: AuditLog;
    resolve: (principal: Principal, id: string) => Promise<MembershipTarget>;
  },
): void {
  const { db, audit, resolve } = opts;
  const tags = [opts.tag];
  const list = `${opts.base}members/` as const;
  const one = `${opts.base}members/{user_id}/` as const;
  app.openapi(
    defineRoute({
      method: 'get',
      path: list,
      list: true,
      tags,
      summary: `List the ${opts.tag.replace(/s$/, '')}'s members and their roles`,
      request: { params: IdParams, query: PageQuerySchema },
      responses: { 200: jsonResponse('A page of members.', paginated(MemberSchema, 'PaginatedMemberList')) },
    }),
    async (c) => {
      const target = await resolve(c.get('principal'), c.req.valid('param').id);
      return c.json(
        await listMembers(db, c.get('principal'), target, new URL(c.req.url), c.req.valid('query')),
        200,
      );
    },
  );
  app.openapi(
    defineRoute({
      method: 'post',
      path: list,
      tags,
      summary: 'Add a user, named by username or e-mail address, as a member with a role',
      request: {
        params: IdParams,
        body: jsonBody(MemberCreate),
      },
      responses: { 201: jsonResponse('The new member.', MemberSchema) },
    }),
    async (c) => {
      const target = await resolve(c.get('principal'), c.req.valid('param').id);
      return c.json(
        await addMember(db, audit, c.get('principal'), target, c.req.valid('json'), requestInfo(c)),
        201,
      );
    },
  );
  app.openapi(
    defineRoute({
      method: 'patch',
      path: one,
      tags,
      summary: "Change a member's role",
      request: {
        params: MemberParams,
        body: jsonBody(z.object({ role: MemberRoleSchema }).openapi('MemberUpdate')),
      },
      responses: { 200: jsonResponse('The member.', MemberSchema) },
    }),
    async (c) => {
      const { id, user_id } = c.req.valid('param');
      const target = await resolve(c.get('principal'), id);
      return c.json(
        await changeMember(
          db,
          audit,
          c.get('principal'),
          target,
          user_id,
          c.req.valid('json').role,
          requestInfo(c),
        ),
        200,
      );
    },
  );
  app.openapi(
    defineRoute({
      method: 'delete',
      path: one,
      tags,
      summary: 'Remove a member',
      request: { params: MemberParams },
      responses: { 204: noContent },
    }),
    async (c) => {
      const { id, user_id } = c.req.valid('param');
      const target = await resolve(c.get('principal'), id);
      await removeMember(db, audit, c.get('principal'), target, user_id, requestInfo(c));
      return sendNoContent();
    },
  );
}
