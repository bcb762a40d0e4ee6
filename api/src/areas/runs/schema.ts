import { z } from '@hono/zod-openapi';
import { PageQuerySchema } from '../../core/pagination.ts';
import { Timestamp, text } from '../../core/schema.ts';

const TX = '2b4c6d8e-0f1a-4b3c-8d5e-7f9a1b3c5d7e';
const STATUSES = ['created', 'running', 'stopped', 'failed', 'killed'] as const;

export const RunSchema = z
  .object({
    id: z.uuid().openapi({ description: 'The transaction ID: the run’s ID, in its event as `transaction`.' }),
    organization: z.uuid().openapi({ description: 'The organization.' }),
    workspace: z.uuid().openapi({ description: 'The workspace.' }),
    block: z.string().openapi({ description: 'The block whose action ran.' }),
    action: z.string().openapi({ description: 'The action.' }),
    workflow: z.string().nullable().openapi({ description: 'The workflow, for a step of one.' }),
    workflow_run: z
      .uuid()
      .nullable()
      .openapi({ description: 'The ID every step of this workflow run shares.' }),
    step: z.number().int().nullable().openapi({ description: 'The step, from 1.' }),
    command: z.string().openapi({ description: 'The command line, secret-looking values redacted.' }),
    client_version: z
      .string()
      .nullable()
      .openapi({ description: 'The version of the client that started it.' }),
    run_by: z
      .enum(['server', 'client'])
      .openapi({ description: 'Who runs it: a runner of the API, or the client.' }),
    runner: z
      .string()
      .nullable()
      .openapi({ description: 'The API’s runner (`oci`, `kubernetes`); null for a client’s run.' }),
    image: z.string().openapi({ description: 'The block’s image.' }),
    user: z.uuid().nullable().openapi({ description: 'Who started it.' }),
    user_email: z.string().nullable().openapi({ description: 'Their e-mail, as the event carries it.' }),
    user_name: z.string().nullable().openapi({ description: 'Their name, as the event carries it.' }),
    status: z.enum(STATUSES).openapi({
      description:
        'created, running, then stopped (exit 0), failed (other exit, or could not start) or killed.',
    }),
    exit_code: z.number().int().nullable().openapi({ description: 'The exit code, once it ended.' }),
    reason: z
      .string()
      .nullable()
      .openapi({ description: 'Why it failed or was killed (deadline, cancelled, …).' }),
    snapshot_id: z
      .string()
      .openapi({ description: 'The content hash of the configuration snapshot it ran with.' }),
    deadline_seconds: z.number().int().openapi({ description: 'How long it may run before it is killed.' }),
    output_kept: z
      .boolean()
      .openapi({ description: 'Its output is kept after it ends (`transactions.logging`).' }),
    output_truncated: z
      .boolean()
      .openapi({ description: 'The output went past the server’s limit and was cut.' }),
    created_at: Timestamp.openapi({ description: 'When it was started.' }),
    started_at: Timestamp.nullable().openapi({ description: 'When it began running.' }),
    finished_at: Timestamp.nullable().openapi({ description: 'When it ended.' }),
  })
  .openapi('ActionRun', {
    description: 'An executed action: one transaction.',
    example: {
      id: TX,
      organization: '0b7e4c2a-9d1f-4e3b-8a6c-5f2d1e0c9b8a',
      workspace: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
      block: 'app',
      action: 'deploy',
      workflow: null,
      workflow_run: null,
      step: null,
      command: 'deploy --env production',
      client_version: null,
      run_by: 'server',
      runner: 'oci',
      image: 'deployer:v1',
      user: '6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77',
      user_email: 'alice@example.com',
      user_name: 'Alice',
      status: 'stopped',
      exit_code: 0,
      reason: null,
      snapshot_id: 'sha256:9f2c…',
      deadline_seconds: 600,
      output_kept: false,
      output_truncated: false,
      created_at: '2026-11-26T04:30:00.000Z',
      started_at: '2026-11-26T04:30:00.100Z',
      finished_at: '2026-11-26T04:30:02.000Z',
    },
  });
export type RunView = z.output<typeof RunSchema>;

export const RunStartSchema = z
  .object({
    workspace: z.uuid().openapi({ description: 'The workspace whose configuration declares it.' }),
    block: text().max(63).optional().openapi({ description: 'The block (with `action`).' }),
    action: text().max(63).optional().openapi({ description: 'The block’s action.' }),
    workflow: text()
      .max(63)
      .optional()
      .openapi({ description: 'A workflow instead: its steps run in order, one transaction each.' }),
    run_by: z.enum(['server', 'client']).optional().openapi({
      description:
        'server (default): a runner of the API runs it; client: the caller runs it and reports with finish.',
    }),
    command: text().max(4096).optional().openapi({
      description: 'A client’s run: the command line it runs (secret-looking values are redacted).',
    }),
    client_version: text()
      .max(100)
      .optional()
      .openapi({ description: 'The client’s version, the event’s `version`.' }),
  })
  .refine((b) => (b.workflow === undefined) === (b.block !== undefined && b.action !== undefined), {
    error: 'Give `block` and `action`, or `workflow`.',
    path: ['workflow'],
  })
  .refine((b) => !(b.workflow !== undefined && b.run_by === 'client'), {
    error: 'A client runs one action at a time; start each step as its own run.',
    path: ['run_by'],
  })
  .openapi('ActionRunStart', {
    description: 'An action (or workflow) of the workspace configuration to run.',
    example: { workspace: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', block: 'app', action: 'deploy' },
  });
export type RunStart = z.output<typeof RunStartSchema>;

export const RunFinishSchema = z
  .object({
    exit_code: z
      .number()
      .int()
      .min(0)
      .max(255)
      .openapi({ description: 'The action’s exit code: 0 stopped, else failed.' }),
    output: text()
      .max(1024 * 1024)
      .optional()
      .openapi({ description: 'Its output; kept only when the workspace turns transaction logging on.' }),
  })
  .openapi('ActionRunFinish', { description: 'How a client’s run ended.', example: { exit_code: 0 } });

export const RunListQuerySchema = PageQuerySchema.extend({
  workspace: z
    .uuid()
    .optional()
    .openapi({ param: { description: 'Only this workspace’s; unset: every workspace the caller may see.' } }),
  status: z
    .enum(STATUSES)
    .optional()
    .openapi({ param: { description: 'Only runs in this status.' } }),
  workflow_run: z
    .uuid()
    .optional()
    .openapi({ param: { description: 'Only the steps of this workflow run.' } }),
});
export type RunListQuery = z.output<typeof RunListQuerySchema>;

export const OutputQuerySchema = z.object({
  follow: z
    .enum(['true', 'false'])
    .optional()
    .openapi({
      param: { description: 'true: keep the answer open and stream the output until the run ends.' },
    }),
});
