import { z } from '@hono/zod-openapi';
import { Timestamp } from '../../core/schema.ts';

/** A user as every edge shows it. */
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
export type User = z.output<typeof UserSchema>;

const Username = z
  .string()
  .min(1)
  .max(150)
  .regex(/^[A-Za-z0-9@.+_-]+$/, { error: 'Letters, digits and @ . + - _ only.' });
const Password = z.string().min(12).max(1024);

export const UserCreateSchema = z
  .object({
    username: Username,
    password: Password.optional().openapi({ description: 'Omit for users who sign in through SSO only.' }),
    email: z.email().nullable().optional(),
    full_name: z.string().max(200).optional(),
    is_superuser: z.boolean().optional(),
  })
  .openapi('UserCreate');
export type UserCreate = z.output<typeof UserCreateSchema>;

export const UserUpdateSchema = z.object({
  username: Username.optional(),
  password: Password.optional(),
  email: z.email().nullable().optional(),
  full_name: z.string().max(200).optional(),
  is_superuser: z.boolean().optional(),
  is_active: z
    .boolean()
    .optional()
    .openapi({ description: 'false deactivates the user: logins and keys stop working.' }),
});
export type UserUpdate = z.output<typeof UserUpdateSchema>;
