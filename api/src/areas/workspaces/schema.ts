import { z } from '@hono/zod-openapi';
import { PageQuerySchema } from '../../core/pagination.ts';
import { Timestamp } from '../../core/schema.ts';
import { jsonDepth } from '../../core/validation.ts';

/** How deeply a workspace's `config` may nest; beyond it the value is refused with a field error. */
export const MAX_CONFIG_DEPTH = 32;

const Config = z
  .record(z.string(), z.unknown())
  .refine((config) => jsonDepth(config) <= MAX_CONFIG_DEPTH, {
    error: `Nested more than ${MAX_CONFIG_DEPTH} levels deep.`,
    params: { code: 'max_depth' },
  })
  .openapi({
    description: `Free-form workspace configuration (for example the \`events\` handler settings), a JSON object nested at most ${MAX_CONFIG_DEPTH} levels deep (the object itself is the first).`,
  });

const Name = z.string().trim().min(1).max(200);

/** A workspace as every edge shows it. */
export const WorkspaceSchema = z
  .object({
    id: z.uuid(),
    organization: z.uuid(),
    name: z.string(),
    config: Config,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Workspace');
export type Workspace = z.output<typeof WorkspaceSchema>;

export const WorkspaceCreateSchema = z
  .object({ organization: z.uuid(), name: Name, config: Config.optional() })
  .openapi('WorkspaceCreate');
export type WorkspaceCreate = z.output<typeof WorkspaceCreateSchema>;

export const WorkspaceUpdateSchema = z.object({ name: Name.optional(), config: Config.optional() });
export type WorkspaceUpdate = z.output<typeof WorkspaceUpdateSchema>;

export const WorkspaceListQuerySchema = PageQuerySchema.extend({
  organization: z
    .uuid()
    .optional()
    .openapi({ param: { description: 'Only this organization.' } }),
});
export type WorkspaceListQuery = z.output<typeof WorkspaceListQuerySchema>;
