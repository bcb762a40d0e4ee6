import { z } from '@hono/zod-openapi';
import { PageQuerySchema } from '../../core/pagination.ts';
import { Timestamp, text } from '../../core/schema.ts';

const EVENT_ID = '5f0c2d1e-8a7b-4c3d-9e2f-1a0b9c8d7e6f';
const TRANSACTION = '2b4c6d8e-0f1a-4b3c-8d5e-7f9a1b3c5d7e';
const EVENT_EXAMPLE = {
  id: EVENT_ID,
  workspace: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  transaction: TRANSACTION,
  level: 'Info' as const,
  payload: {
    labels: { 'svc.event.class': 'svc', 'svc.event.level': 'Info' },
    block: 'app',
    action: 'deploy',
  },
  created_at: '2026-11-26T04:30:00.000Z',
};
const DELIVERY_EXAMPLE = {
  id: '0d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a',
  event: EVENT_ID,
  handler: 'webhook',
  kind: 'webhook' as const,
  state: 'delivered' as const,
  attempts: 1,
  last_status: 200,
  last_error: null,
  next_attempt_at: null,
  delivered_at: '2026-11-26T04:30:01.000Z',
  history: [
    {
      attempt: 1,
      at: '2026-11-26T04:30:01.000Z',
      status_code: 200,
      duration_ms: 42,
      error: null,
      excerpt: 'ok',
    },
  ],
};
const HANDLER_EXAMPLE = {
  name: 'webhook',
  handler: 'webhook' as const,
  endpoint: 'https://hooks.example.com/plinth',
  signed: true,
  previous_secret_until: null,
  disabled_at: null,
  disabled_reason: null,
};

export const EventSchema = z
  .object({
    id: z
      .uuid()
      .openapi({ description: "The event's ID: every webhook delivery of it has it as `webhook-id`." }),
    workspace: z.uuid().openapi({ description: 'The workspace.' }),
    transaction: z.uuid().openapi({ description: 'The run (transaction) it is the event of.' }),
    level: z
      .enum(['Info', 'Warning', 'Error'])
      .openapi({ description: 'Info: exit 0; Error: a failure or kill.' }),
    payload: z.record(z.string(), z.unknown()).openapi({
      description: 'The event as handlers receive it, without `config` (each handler gets its own).',
    }),
    created_at: Timestamp.openapi({ description: 'When the event was recorded.' }),
  })
  .openapi('Event', {
    description: 'The event of one executed action (one step of a workflow).',
    example: {
      id: EVENT_ID,
      workspace: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
      transaction: TRANSACTION,
      level: 'Info',
      payload: {
        labels: { 'svc.event.class': 'svc', 'svc.event.level': 'Info' },
        block: 'app',
        action: 'deploy',
      },
      created_at: '2026-11-26T04:30:00.000Z',
    },
  });
export type EventView = z.output<typeof EventSchema>;

export const AttemptSchema = z
  .object({
    attempt: z.number().int().openapi({ description: 'The attempt, from 1.' }),
    at: Timestamp.openapi({ description: 'When it was made.' }),
    status_code: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The receiver's status; null: no answer." }),
    duration_ms: z.number().int().openapi({ description: 'How long it took.' }),
    error: z.string().nullable().openapi({ description: 'Why it failed; null: delivered.' }),
    excerpt: z.string().openapi({ description: 'The first 2 KB of the answer.' }),
  })
  .openapi('DeliveryAttempt', {
    description: 'One attempt of a delivery.',
    example: {
      attempt: 1,
      at: '2026-11-26T04:30:01.000Z',
      status_code: 200,
      duration_ms: 42,
      error: null,
      excerpt: 'ok',
    },
  });

export const DeliverySchema = z
  .object({
    id: z.uuid().openapi({ description: "The delivery's ID." }),
    event: z.uuid().openapi({ description: 'The event delivered.' }),
    handler: z.string().openapi({ description: "The handler's name in the workspace configuration." }),
    kind: z.enum(['workspace', 'webhook']).openapi({ description: 'The handler kind.' }),
    state: z.enum(['pending', 'delivered', 'failed', 'disabled']).openapi({
      description: 'pending: an attempt is due; failed: attempts used up or the receiver answered 410.',
    }),
    attempts: z.number().int().openapi({ description: 'Attempts made.' }),
    last_status: z.number().int().nullable().openapi({ description: "The last attempt's status code." }),
    last_error: z.string().nullable().openapi({ description: "The last attempt's error." }),
    next_attempt_at: Timestamp.nullable().openapi({ description: 'When the next attempt is due.' }),
    delivered_at: Timestamp.nullable().openapi({ description: 'When it was delivered.' }),
    history: z.array(AttemptSchema).openapi({ description: 'Every attempt, oldest first.' }),
  })
  .openapi('Delivery', {
    description: 'An event on its way to one handler, with every attempt.',
    example: DELIVERY_EXAMPLE,
  });

export type DeliveryView = z.output<typeof DeliverySchema>;

export const EventListQuerySchema = PageQuerySchema.extend({
  workspace: z
    .uuid()
    .optional()
    .openapi({ param: { description: 'Only this workspace’s; unset: every workspace the caller may see.' } }),
  level: z
    .enum(['Info', 'Warning', 'Error'])
    .optional()
    .openapi({ param: { description: 'Only events of this level.' } }),
});
export type EventListQuery = z.output<typeof EventListQuerySchema>;

export const RedeliverSchema = z
  .object({
    handler: text().max(63).optional().openapi({ description: 'Only this handler; unset: every handler.' }),
  })
  .openapi('Redeliver', { description: 'What to deliver again.', example: { handler: 'webhook' } });

export const HandlerSchema = z
  .object({
    name: z.string().openapi({ description: "The handler's name (default: its kind)." }),
    handler: z.enum(['workspace', 'webhook']).openapi({ description: 'The handler kind.' }),
    endpoint: z.string().nullable().openapi({ description: 'A webhook’s URL.' }),
    signed: z.boolean().openapi({ description: 'Deliveries carry a Standard Webhooks signature.' }),
    previous_secret_until: Timestamp.nullable().openapi({
      description: 'Until when deliveries are signed with the previous secret too (a rotation’s grace).',
    }),
    disabled_at: Timestamp.nullable().openapi({
      description: 'When a 410 answer disabled it; null: enabled.',
    }),
    disabled_reason: z.string().nullable().openapi({ description: 'Why it was disabled.' }),
  })
  .openapi('EventHandler', {
    description: "An event handler of a workspace's configuration and its state.",
    example: HANDLER_EXAMPLE,
  });

export type HandlerView = z.output<typeof HandlerSchema>;

export const HandlerParams = z.object({
  id: z.uuid().openapi({ param: { description: "The workspace's ID." } }),
  name: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/)
    .openapi({ param: { description: "The handler's name." } }),
});

export const SecretRotateSchema = z
  .object({
    grace_seconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .optional()
      .openapi({
        description: 'How long the previous secret still signs (both signatures are sent); default 86400.',
      }),
  })
  .openapi('HandlerSecretRotate', { description: 'A new signing secret.', example: { grace_seconds: 3600 } });

export const SecretSchema = z
  .object({
    secret: z.string().openapi({ description: 'The new `whsec_` secret, shown this once.' }),
    previous_secret_until: Timestamp.nullable().openapi({
      description: 'Until when the previous one still signs.',
    }),
  })
  .openapi('HandlerSecret', {
    description: "A handler's new signing secret, shown once.",
    example: { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', previous_secret_until: null },
  });

/** The lists answered whole (one per run, handler or event), each with its example. */
export const EventListSchema = z.array(EventSchema).openapi({ example: [EVENT_EXAMPLE] });
export const DeliveryListSchema = z.array(DeliverySchema).openapi({ example: [DELIVERY_EXAMPLE] });
export const HandlerListSchema = z.array(HandlerSchema).openapi({ example: [HANDLER_EXAMPLE] });
