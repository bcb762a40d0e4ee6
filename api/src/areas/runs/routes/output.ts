import { eq } from 'drizzle-orm';
import { actionRuns } from '../../../core/db/schema/index.ts';
import { IdParams, rawResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { OutputQuerySchema } from '../schema.ts';
import { findRun, visibleOutput } from '../service.ts';
import { throttled } from '../../../core/errors.ts';

const POLL_MS = 300;
/** Streams open at once, per process and per caller: each polls the database while it lasts. */
const MAX_STREAMS = 256;
const MAX_STREAMS_PER_CALLER = 8;
const open = new Map<string, number>();
let total = 0;

/** GET /api/v1/action-runs/{id}/output/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/action-runs/{id}/output/',
    tags: ['action-runs'],
    action: 'action_run.view',
    errors: [429],
    summary: "A run's output, streamed while it runs with follow=true",
    description:
      'Plain text. While the run runs, its output so far (written every half second); afterwards only when the workspace keeps transaction output (`transactions.logging: true`). With `follow=true` the answer stays open and carries the output as it comes until the run ends; at most 8 such streams per caller (256 per API process) are open at once, more are 429.',
    request: { params: IdParams, query: OutputQuerySchema },
    responses: {
      200: { description: 'The output.', content: { 'text/plain': { schema: { type: 'string' } } } },
    },
  }),
  (deps) => async (c) => {
    const run = await findRun(serviceContext(c, deps), c.req.valid('param').id);
    const headers = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
    if (c.req.valid('query').follow !== 'true')
      return rawResponse(new Response(visibleOutput(run), { headers }));
    const caller = c.get('principal')?.apiKeyId ?? c.get('principal')?.userId ?? 'anonymous';
    if (total >= MAX_STREAMS || (open.get(caller) ?? 0) >= MAX_STREAMS_PER_CALLER)
      throw throttled('Too many output streams open; close one or read without follow.', 5);
    total++;
    open.set(caller, (open.get(caller) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      total--;
      const left = (open.get(caller) ?? 1) - 1;
      if (left === 0) open.delete(caller);
      else open.set(caller, left);
    };
    const encoder = new TextEncoder();
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const tick = async () => {
          // An ended run's tail is sent even when not kept: it is dropped a minute later.
          const [row] = await deps.db
            .select({ output: actionRuns.output, status: actionRuns.status })
            .from(actionRuns)
            .where(eq(actionRuns.id, run.id))
            .catch(() => [undefined]);
          if (row && row.output.length > sent) {
            controller.enqueue(encoder.encode(row.output.slice(sent)));
            sent = row.output.length;
          }
          if (!row || (row.status !== 'created' && row.status !== 'running')) {
            release();
            return controller.close();
          }
          timer = setTimeout(() => void tick(), POLL_MS);
        };
        void tick();
      },
      cancel() {
        clearTimeout(timer);
        release();
      },
    });
    return rawResponse(new Response(stream, { headers }));
  },
);
