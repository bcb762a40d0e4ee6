import { z } from '@hono/zod-openapi';
import { Timestamp, text } from '../../core/schema.ts';

/** A user as every edge shows it. */
export const UserSchema = z
  .object({
    id: z.uuid().openapi({ description: "The user's ID." }),
    username: z.string().openapi({ description: 'The unique sign-in name.' }),
    email: z.string().nullable().openapi({ description: 'The e-mail address, or null when none is known.' }),
    full_name: z.string().openapi({ description: 'The display name (may be empty).' }),
    is_superuser: z.boolean().openapi({ description: 'Super Admin: may do everything everywhere.' }),
    is_active: z
      .boolean()
      .openapi({ description: 'False for a deactivated user: no login or key of theirs works.' }),
    last_login_at: Timestamp.nullable().openapi({
      description: 'The last successful login, or null if never.',
    }),
    created_at: Timestamp.openapi({ description: 'When the user was created.' }),
    updated_at: Timestamp.openapi({ description: 'When the user was last changed.' }),
  })
  .openapi('User', {
    description: 'A user account.',
    example: {
      id: '6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77',
      username: 'alice',
      email: 'alice@example.com',
      full_name: 'Alice Example',
      is_superuser: false,
      is_active: true,
      last_login_at: '2026-11-21T09:58:12.000Z',
      created_at: '2026-11-01T08:00:00.000Z',
      updated_at: '2026-11-01T08:00:00.000Z',
    },
  });
export type User = z.output<typeof UserSchema>;

const Username = z
  .string()
  .min(1)
  .max(150)
  .regex(/^[A-Za-z0-9@.+_-]+$/, { error: 'Letters, digits and @ . + - _ only.' });
const Password = text().min(12).max(1024);

export const UserCreateSchema = z
  .object({
    username: Username.openapi({ description: 'The unique sign-in name: letters, digits and `@ . + - _`.' }),
    password: Password.optional().openapi({
      description: 'At least 12 characters. Omit for users who sign in through SSO only.',
    }),
    email: z.email().nullable().optional().openapi({ description: 'The e-mail address (optional).' }),
    full_name: text().max(200).optional().openapi({ description: 'The display name (empty when absent).' }),
    is_superuser: z
      .boolean()
      .optional()
      .openapi({ description: 'Make the user a Super Admin (false when absent).' }),
  })
  .openapi('UserCreate', {
    description: 'A new user.',
    example: {
      username: 'alice',
      password: 'correct-horse-battery',
      email: 'alice@example.com',
      full_name: 'Alice Example',
    },
  });
export type UserCreate = z.output<typeof UserCreateSchema>;

export const UserUpdateSchema = z
  .object({
    username: Username.optional().openapi({ description: 'A new unique sign-in name.' }),
    password: Password.optional().openapi({ description: 'A new password, at least 12 characters.' }),
    email: z
      .email()
      .nullable()
      .optional()
      .openapi({ description: 'A new e-mail address, or null to clear it.' }),
    full_name: text().max(200).optional().openapi({ description: 'A new display name.' }),
    is_superuser: z.boolean().optional().openapi({ description: 'Grant or take away Super Admin.' }),
    is_active: z
      .boolean()
      .optional()
      .openapi({ description: 'false deactivates the user: logins and keys stop working.' }),
  })
  .openapi({ description: 'The fields to change; at least one.', example: { full_name: 'Alice Liddell' } });
export type UserUpdate = z.output<typeof UserUpdateSchema>;
