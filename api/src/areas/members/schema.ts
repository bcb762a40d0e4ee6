import { z } from '@hono/zod-openapi';
import { MemberRoleSchema, MembershipSourceSchema, Timestamp, text } from '../../core/schema.ts';
import { IdParams } from '../../http/common.ts';

/** A member of an organization or of a workspace, as every edge shows it. */
export const MemberSchema = z
  .object({
    user: z.uuid().openapi({ description: "The member's user ID." }),
    username: z.string().openapi({ description: "The member's username." }),
    full_name: z.string().openapi({ description: "The member's display name." }),
    role: MemberRoleSchema,
    source: MembershipSourceSchema,
    created_at: Timestamp.openapi({ description: 'When the membership was granted.' }),
  })
  .openapi('Member', {
    description: 'A user with a role in an organization or workspace.',
    example: {
      user: '6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77',
      username: 'alice',
      full_name: 'Alice Example',
      role: 'user',
      source: 'manual',
      created_at: '2026-11-02T10:00:00.000Z',
    },
  });
export type Member = z.output<typeof MemberSchema>;

/** Who to add, by exactly one of username and e-mail address, never by ID (see addMember). */
export const MemberCreateSchema = z
  .object({
    username: text().min(1).max(150).optional().openapi({ description: 'The username (any case).' }),
    email: text().min(1).max(254).optional().openapi({ description: 'The e-mail address (any case).' }),
    role: MemberRoleSchema,
  })
  .refine((b) => (b.username === undefined) !== (b.email === undefined), {
    error: 'Give exactly one of username and email.',
  })
  .openapi('MemberCreate', {
    // Stated in words: `oneOf` with `required` makes generated clients type the body as `unknown`.
    description: 'Exactly one of `username` and `email` names the user to add.',
    example: { username: 'alice', role: 'user' },
  });
export type MemberCreate = z.output<typeof MemberCreateSchema>;

export const MemberUpdateSchema = z
  .object({ role: MemberRoleSchema })
  .openapi('MemberUpdate', { description: "A member's new role.", example: { role: 'viewer' } });
export type MemberUpdate = z.output<typeof MemberUpdateSchema>;

/** `{id}` is the organization or workspace, `{user_id}` the member. */
export const MemberParamsSchema = IdParams.extend({
  user_id: z.uuid().openapi({ param: { name: 'user_id', in: 'path', description: "The member's user ID." } }),
});
