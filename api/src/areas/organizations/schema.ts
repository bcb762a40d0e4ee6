import { z } from '@hono/zod-openapi';
import { Timestamp } from '../../core/schema.ts';

/** An organization as every edge shows it. */
export const OrganizationSchema = z
  .object({
    id: z.uuid(),
    slug: z
      .string()
      .openapi({ description: 'Used in OIDC group names: svc-{slug}-admins, -users, -viewers.' }),
    name: z.string(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Organization');
export type Organization = z.output<typeof OrganizationSchema>;

const Slug = z
  .string()
  .min(2)
  .max(50)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, {
    error: 'Lowercase letters, digits and dashes; no dash at either end.',
  });
const Name = z.string().trim().min(1).max(200);

export const OrganizationCreateSchema = z.object({ slug: Slug, name: Name }).openapi('OrganizationCreate');
export type OrganizationCreate = z.output<typeof OrganizationCreateSchema>;

export const OrganizationUpdateSchema = z.object({ slug: Slug.optional(), name: Name.optional() });
export type OrganizationUpdate = z.output<typeof OrganizationUpdateSchema>;
