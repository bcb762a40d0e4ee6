import { eq } from 'drizzle-orm';
import { actionRuns } from '../../../core/db/schema/index.ts';
import { IdParams, rawResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { OutputQuerySchema } from '../schema.ts';
import { findRun, visibleOutput } from '../service.ts';

const POLL_MS = 300;

/** GET /api/v1/action-runs/{id}/output/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/action-runs/{id}/output/',
    tags: ['action-runs'],
    action: 'action_run.view',
    summary: "A run's output, streamed while it runs with follow=true",
    description:
      'Plain text. While the run runs, its output so far (written every half second); afterwards only when the workspace keeps transaction output (`transactions.logging: true`). With `follow=true` the answer stays open and carries the output as it comes until the run ends.',
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
          if (!row || (row.status !== 'created' && row.status !== 'running')) return controller.close();
          timer = setTimeout(() => void tick(), POLL_MS);
        };
        void tick();
      },
      cancel() {
        clearTimeout(timer);
      },
    });
    return rawResponse(new Response(stream, { headers }));
  },
);
