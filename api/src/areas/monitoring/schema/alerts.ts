import { z } from '@hono/zod-openapi';
import { PageQuerySchema } from '../../../core/pagination.ts';
import { Timestamp, text } from '../../../core/schema.ts';

const d = (description: string) => ({ description });
const AT = '2026-11-26T10:00:00.000Z';
const ACK_EXAMPLE = {
  id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
  user: '8f7e6d5c-4b3a-4c2d-9e1f-0a9b8c7d6e5f',
  username: 'alice',
  comment: 'Looking into it; the database failed over.',
  created_at: AT,
  until: null,
  ended_at: null,
  end_reason: null,
};
const ALERT_EXAMPLE = {
  id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  organization: '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f',
  workspace: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  alertname: 'EndpointDown',
  severity: 'critical',
  state: 'firing',
  labels: { alertname: 'EndpointDown', severity: 'critical', team: 'payments', endpoint: 'shop' },
  annotations: { summary: 'shop is down', runbook_url: 'https://runbooks.example.com/shop' },
  fingerprint: '4c2f1e9a7b3d5e60',
  subject: { kind: 'endpoint', id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a' },
  starts_at: AT,
  ends_at: null,
  acknowledged: true,
  acknowledgement: ACK_EXAMPLE,
};

export const AcknowledgementSchema = z
  .object({
    id: z.uuid().openapi(d("The acknowledgement's ID.")),
    user: z.uuid().nullable().openapi(d('Who gave it.')),
    username: z.string().nullable().openapi(d('Their username.')),
    comment: z.string().openapi(d('What they said.')),
    created_at: Timestamp.openapi(d('When it was given.')),
    until: Timestamp.nullable().openapi(d('The end it was given, if any.')),
    ended_at: Timestamp.nullable().openapi(d('When it ended; null: in force.')),
    end_reason: z
      .enum(['resolved', 'expired', 'withdrawn', 'replaced'])
      .nullable()
      .openapi(d('resolved: the alert resolved (it ends with its firing); expired: its `until` passed.')),
  })
  .openapi('AlertAcknowledgement', {
    description: 'An acknowledgement of one firing.',
    example: ACK_EXAMPLE,
  });

export const AlertSchema = z
  .object({
    id: z.uuid().openapi(d('This firing: a later failure is a new alert with a new ID.')),
    organization: z.uuid().openapi(d('Its organization.')),
    workspace: z.uuid().nullable().openapi(d("Its workspace; null for an organization's agent.")),
    alertname: z.string().openapi(d('EndpointDown, EndpointPartiallyDown or AgentDown.')),
    severity: z.string().openapi(d('critical: respond now; warning: within 24 hours; info: no action.')),
    state: z.enum(['firing', 'resolved']).openapi(d('Firing, or resolved (then `ends_at` says when).')),
    labels: z.record(z.string(), z.string()).openapi(d('Its labels (the platform’s conventions).')),
    annotations: z.record(z.string(), z.string()).openapi(d('Its annotations.')),
    fingerprint: z.string().openapi(d('Of the labels: the same for every firing of the same alert.')),
    subject: z
      .object({
        kind: z.enum(['endpoint', 'agent']).openapi(d('What it is about.')),
        id: z.uuid().openapi(d("The endpoint's or agent's ID.")),
      })
      .openapi(d('The endpoint or agent it is about.')),
    starts_at: Timestamp.openapi(d('When it fired.')),
    ends_at: Timestamp.nullable().openapi(d('When it resolved.')),
    acknowledged: z.boolean().openapi(d('An acknowledgement of this firing is in force.')),
    acknowledgement: AcknowledgementSchema.nullable().openapi(d('The one in force, if any.')),
  })
  .openapi('Alert', { description: 'One firing of an alert.', example: ALERT_EXAMPLE });
export type AlertView = z.output<typeof AlertSchema>;

export const AlertDetailSchema = AlertSchema.extend({
  acknowledgements: z
    .array(AcknowledgementSchema)
    .openapi(d('Every acknowledgement of this firing, newest first.')),
}).openapi('AlertDetail', {
  description: 'One firing of an alert, with its acknowledgements.',
  example: { ...ALERT_EXAMPLE, acknowledgements: [ACK_EXAMPLE] },
});
export type AlertDetail = z.output<typeof AlertDetailSchema>;

export const AlertListQuerySchema = PageQuerySchema.extend({
  organization: z.uuid().optional().openapi(d("One organization's alerts.")),
  workspace: z.uuid().optional().openapi(d("One workspace's alerts.")),
  state: z.enum(['firing', 'resolved']).optional().openapi(d('Firing or resolved ones only.')),
  acknowledged: z
    .enum(['true', 'false'])
    .optional()
    .openapi(d('Acknowledged (`true`) or not (`false`) only.')),
  endpoint: z.uuid().optional().openapi(d("One endpoint's (or agent's) alerts.")),
});
export type AlertListQuery = z.output<typeof AlertListQuerySchema>;

export const AcknowledgeSchema = z
  .object({
    comment: text().min(1).max(1000).openapi(d('What you are doing about it.')),
    until: z.iso
      .datetime({ offset: true })
      .optional()
      .openapi(
        d('End it then at the latest (at most 30 days ahead); it ends anyway when the alert resolves.'),
      ),
  })
  .openapi('AlertAcknowledge', {
    description: 'An acknowledgement of this firing.',
    example: { comment: 'Looking into it; the database failed over.' },
  });
export type Acknowledge = z.output<typeof AcknowledgeSchema>;
