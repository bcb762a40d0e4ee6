import { z } from '@hono/zod-openapi';
import { PageQuerySchema } from '../../core/pagination.ts';
import { Timestamp, text } from '../../core/schema.ts';
import { jsonDepth } from '../../core/validation.ts';
import { WorkspaceSettingsSchema } from './config.ts';

/** How deeply a workspace's `config` may nest; beyond it the value is refused with a field error. */
export const MAX_CONFIG_DEPTH = 32;

const Config = z
  .record(z.string(), z.unknown())
  .refine((config) => jsonDepth(config) <= MAX_CONFIG_DEPTH, {
    error: `Nested more than ${MAX_CONFIG_DEPTH} levels deep.`,
    params: { code: 'max_depth' },
    abort: true,
  })
  .superRefine((config, ctx) => {
    // The keys Plinth reads are checked in place, so their field errors name the exact path.
    const parsed = WorkspaceSettingsSchema.safeParse(config);
    if (!parsed.success)
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom', path: issue.path });
  })
  .openapi({
    description: `Workspace configuration, a JSON object nested at most ${MAX_CONFIG_DEPTH} levels deep (the object itself is the first). The keys \`blocks\`, \`workflows\`, \`events\`, \`transactions\` and \`runner\` are checked as docs/events.md describes; other keys are free-form.`,
  });

const Name = text().trim().min(1).max(200);

/** A workspace as every edge shows it. */
export const WorkspaceSchema = z
  .object({
    id: z.uuid().openapi({ description: "The workspace's ID." }),
    organization: z.uuid().openapi({ description: 'The organization it belongs to.' }),
    name: z.string().openapi({ description: 'The name, unique within its organization.' }),
    config: Config,
    created_at: Timestamp.openapi({ description: 'When the workspace was created.' }),
    updated_at: Timestamp.openapi({ description: 'When it was last changed.' }),
  })
  .openapi('Workspace', {
    description: 'A workspace: a unit of an organization with its own configuration, members and buckets.',
    example: {
      id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
      organization: '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a',
      name: 'production',
      config: { events: { handler: 'webhook', endpoint: 'https://hooks.example.com/plinth' } },
      created_at: '2026-11-01T08:30:00.000Z',
      updated_at: '2026-11-01T08:30:00.000Z',
    },
  });
export type Workspace = z.output<typeof WorkspaceSchema>;

export const WorkspaceCreateSchema = z
  .object({
    organization: z.uuid().openapi({ description: 'The organization to create it in.' }),
    name: Name.openapi({ description: 'The name, 1-200 characters, unique within the organization.' }),
    config: Config.optional(),
  })
  .openapi('WorkspaceCreate', {
    description: 'A new workspace.',
    example: { organization: '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a', name: 'production' },
  });
export type WorkspaceCreate = z.output<typeof WorkspaceCreateSchema>;

export const WorkspaceUpdateSchema = z
  .object({ name: Name.optional().openapi({ description: 'A new name.' }), config: Config.optional() })
  .openapi({
    description: 'The fields to change; at least one. `config` replaces the whole configuration.',
    example: { config: { events: { handler: 'webhook', endpoint: 'https://hooks.example.com/plinth' } } },
  });
export type WorkspaceUpdate = z.output<typeof WorkspaceUpdateSchema>;

export const WorkspaceListQuerySchema = PageQuerySchema.extend({
  organization: z
    .uuid()
    .optional()
    .openapi({ param: { description: 'Only this organization.' } }),
});
export type WorkspaceListQuery = z.output<typeof WorkspaceListQuerySchema>;
