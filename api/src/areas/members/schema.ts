import { z } from '@hono/zod-openapi';
import { MemberRoleSchema, Timestamp } from '../../core/schema.ts';
import { IdParams } from '../../edges/http/common.ts';

/** A member of an organization or of a workspace, as every edge shows it. */
export const MemberSchema = z
  .object({
    user: z.uuid(),
    username: z.string(),
    full_name: z.string(),
    role: MemberRoleSchema,
    created_at: Timestamp,
  })
  .openapi('Member');
export type Member = z.output<typeof MemberSchema>;

/** Who to add, by exactly one of username and e-mail address, never by ID (see addMember). */
export const MemberCreateSchema = z
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
export type MemberCreate = z.output<typeof MemberCreateSchema>;

export const MemberUpdateSchema = z.object({ role: MemberRoleSchema }).openapi('MemberUpdate');
export type MemberUpdate = z.output<typeof MemberUpdateSchema>;

/** `{id}` is the organization or workspace, `{user_id}` the member. */
export const MemberParamsSchema = IdParams.extend({
  user_id: z.uuid().openapi({ param: { name: 'user_id', in: 'path' } }),
});
