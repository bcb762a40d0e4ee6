import { z } from '@hono/zod-openapi';

/** Shapes more than one area's resources share. Each area's own shapes are in its schema.ts. */

export const Timestamp = z.string().openapi({ format: 'date-time', example: '2026-11-21T10:00:00.000Z' });

export const MemberRoleSchema = z.enum(['admin', 'user', 'viewer']).openapi({
  description: '`admin` (Org Admin or Workspace Admin), `user`, or `viewer`.',
});

export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
