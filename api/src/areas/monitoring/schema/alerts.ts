import { z } from '@hono/zod-openapi';
import { PageQuerySchema } from '../../../core/pagination.ts';
import { Timestamp, text } from '../../../core/schema.ts';

export const AcknowledgementSchema = z
  .object({
    id: z.uuid(),
    user: z.uuid().nullable(),
    username: z.string().nullable(),
    comment: z.string(),
    created_at: Timestamp,
    until: Timestamp.nullable().openapi({ description: 'The end it was given, if any.' }),
    ended_at: Timestamp.nullable(),
    end_reason: z.enum(['resolved', 'expired', 'withdrawn', 'replaced']).nullable().openapi({
      description: 'resolved: the alert resolved (it ends with its firing); expired: its `until` passed.',
    }),
  })
  .openapi('AlertAcknowledgement');

export const AlertSchema = z
  .object({
    id: z.uuid().openapi({ description: 'This firing: a later failure is a new alert with a new ID.' }),
    organization: z.uuid(),
    workspace: z.uuid().nullable(),
    alertname: z.string().openapi({ example: 'EndpointDown' }),
    severity: z
      .string()
      .openapi({ description: 'critical: respond now; warning: within 24 hours; info: no action.' }),
    state: z.enum(['firing', 'resolved']),
    labels: z.record(z.string(), z.string()),
    annotations: z.record(z.string(), z.string()),
    fingerprint: z
      .string()
      .openapi({ description: 'Of the labels: the same for every firing of the same alert.' }),
    subject: z.object({ kind: z.enum(['endpoint', 'agent']), id: z.uuid() }),
    starts_at: Timestamp,
    ends_at: Timestamp.nullable(),
    acknowledged: z.boolean().openapi({ description: 'An acknowledgement of this firing is in force.' }),
    acknowledgement: AcknowledgementSchema.nullable().openapi({ description: 'The one in force, if any.' }),
  })
  .openapi('Alert');
export type AlertView = z.output<typeof AlertSchema>;

export const AlertDetailSchema = AlertSchema.extend({
  acknowledgements: z
    .array(AcknowledgementSchema)
    .openapi({ description: 'Every acknowledgement of this firing, newest first.' }),
}).openapi('AlertDetail');
export type AlertDetail = z.output<typeof AlertDetailSchema>;

export const AlertListQuerySchema = PageQuerySchema.extend({
  organization: z.uuid().optional(),
  workspace: z.uuid().optional(),
  state: z.enum(['firing', 'resolved']).optional(),
  acknowledged: z.enum(['true', 'false']).optional(),
  endpoint: z.uuid().optional().openapi({ description: "One endpoint's alerts." }),
});
export type AlertListQuery = z.output<typeof AlertListQuerySchema>;

export const AcknowledgeSchema = z
  .object({
    comment: text().min(1).max(1000).openapi({ example: 'Looking into it; the database failed over.' }),
    until: z.iso.datetime({ offset: true }).optional().openapi({
      description:
        'End it then at the latest (at most 30 days ahead); it ends anyway when the alert resolves.',
    }),
  })
  .openapi('AlertAcknowledge');
export type Acknowledge = z.output<typeof AcknowledgeSchema>;
