import { z } from '@hono/zod-openapi';
import { Timestamp, text } from '../../core/schema.ts';

/** An organization as every edge shows it. */
export const OrganizationSchema = z
  .object({
    id: z.uuid().openapi({ description: "The organization's ID." }),
    slug: z.string().openapi({
      description: 'Unique short name, used in OIDC group names: svc-{slug}-admins, -users, -viewers.',
    }),
    name: z.string().openapi({ description: 'The display name.' }),
    created_at: Timestamp.openapi({ description: 'When the organization was created.' }),
    updated_at: Timestamp.openapi({ description: 'When the organization was last changed.' }),
  })
  .openapi('Organization', {
    description: 'An organization: the tenant that owns workspaces, buckets, members and keys.',
    example: {
      id: '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a',
      slug: 'team-a',
      name: 'Team A',
      created_at: '2026-11-01T08:00:00.000Z',
      updated_at: '2026-11-01T08:00:00.000Z',
    },
  });
export type Organization = z.output<typeof OrganizationSchema>;

const Slug = z
  .string()
  .min(2)
  .max(50)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, {
    error: 'Lowercase letters, digits and dashes; no dash at either end.',
  });
const Name = text().trim().min(1).max(200);

export const OrganizationCreateSchema = z
  .object({
    slug: Slug.openapi({
      description: 'Unique; 2-50 lowercase letters, digits and dashes, no dash at either end.',
    }),
    name: Name.openapi({ description: 'The display name, 1-200 characters.' }),
  })
  .openapi('OrganizationCreate', {
    description: 'A new organization.',
    example: { slug: 'team-a', name: 'Team A' },
  });
export type OrganizationCreate = z.output<typeof OrganizationCreateSchema>;

export const OrganizationUpdateSchema = z
  .object({
    slug: Slug.optional().openapi({ description: 'A new unique slug (changes the OIDC group names).' }),
    name: Name.optional().openapi({ description: 'A new display name.' }),
  })
  .openapi({ description: 'The fields to change; at least one.', example: { name: 'Team A (Berlin)' } });
export type OrganizationUpdate = z.output<typeof OrganizationUpdateSchema>;
