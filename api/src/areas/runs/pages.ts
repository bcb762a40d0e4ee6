import type { Context, Hono } from 'hono';
import type { AreaPageDeps } from '../area.ts';
import { DomainError } from '../../core/errors.ts';
import { MAX_PAGE } from '../../core/pagination.ts';
import { STATUS_OF } from '../../http/errors.ts';
import type { PageContext, UiEnv } from '../../ui/context.ts';
import { idParam, may, pagesWith } from '../../ui/context.ts';
import { field, refusal } from '../../ui/forms.ts';
import { runEventSection } from '../events/public.ts';
import { getOrganization } from '../organizations/public.ts';
import { getWorkspace, readSettings } from '../workspaces/public.ts';
import type { Workspace } from '../workspaces/public.ts';
import { RunStartSchema } from './schema.ts';
import { cancelRun, findRun, listRuns, startRun, toView, visibleOutput } from './service.ts';
import { runsPage, STATUSES } from './pages/list.ts';
import type { StartForm, Status, Target } from './pages/list.ts';
import { cancelPage, isOpen, runPage } from './pages/run.ts';
import type { RunPlace } from './pages/run.ts';

/**
 * The runs pages: a workspace's Runs tab (`/ui/workspaces/{id}/runs/`, with the start form) and
 * one run (`/ui/runs/{id}/`, with its event and Cancel). They call the runs service with the
 * session's principal, so the API's rules, messages and audit entries apply unchanged.
 */

const PAGE_SIZE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The actions and workflows the workspace's configuration declares, as the start form offers them. */
function targetsOf(ws: Workspace): Target[] {
  const s = readSettings(ws.config);
  return [
    ...(s.blocks ?? []).flatMap((b) =>
      b.actions.map((a) => ({
        value: `action:${b.name}/${a.name}`,
        label: `${b.name} / ${a.name}`,
        kind: 'action' as const,
      })),
    ),
    ...(s.workflows ?? []).map((w) => ({
      value: `workflow:${w.name}`,
      label: `${w.name} (${w.steps.length} ${w.steps.length === 1 ? 'step' : 'steps'})`,
      kind: 'workflow' as const,
    })),
  ];
}

/** The form's choice as the API's body: `action:<block>/<action>` or `workflow:<name>`. */
function startBody(workspace: string, target: string) {
  const action = /^action:([^/]+)\/(.+)$/.exec(target);
  if (action) return { workspace, block: action[1], action: action[2] };
  const workflow = /^workflow:(.+)$/.exec(target);
  return workflow ? { workspace, workflow: workflow[1] } : null;
}

export function registerRunPages(ui: Hono<UiEnv>, deps: AreaPageDeps): void {
  const page = pagesWith(deps);

  const workspaceOf = async (p: PageContext, id: string) => {
    const ws = await getWorkspace(p.ctx, id);
    return { ws, org: await getOrganization(p.ctx, ws.organization) };
  };

  const listView = async (c: Context<UiEnv>, p: PageContext, form?: Omit<StartForm, 'targets'>) => {
    const { ws, org } = await workspaceOf(p, idParam(c));
    const q = c.req.query();
    const n = /^\d{1,7}$/.test(q.page ?? '') ? Number(q.page) : 1;
    const pageNo = n >= 1 && n <= MAX_PAGE ? n : 1;
    const status = STATUSES.find<Status>((s): s is Status => s === q.status);
    const workflowRun =
      q.workflow_run && UUID.test(q.workflow_run) ? q.workflow_run.toLowerCase() : undefined;
    const list = await listRuns(p.ctx, new URL(`http://ui/ui/workspaces/${ws.id}/runs/`), {
      page: pageNo,
      page_size: PAGE_SIZE,
      workspace: ws.id,
      ...(status && { status }),
      ...(workflowRun && { workflow_run: workflowRun }),
    });
    const canRun = await may(p.ctx, 'action_run.run', {
      organizationId: ws.organization,
      workspaceId: ws.id,
    });
    return runsPage(p, {
      org,
      ws,
      runs: list.results,
      count: list.count,
      page: pageNo,
      pageSize: PAGE_SIZE,
      status,
      workflowRun,
      start: canRun ? { targets: targetsOf(ws), ...form } : null,
      noRunner: deps.runs.runner === null,
    });
  };

  ui.get(
    '/ui/workspaces/:id/runs/',
    page('organizations', async (c, p) => c.html(await listView(c, p))),
  );

  ui.post(
    '/ui/workspaces/:id/runs/',
    page('organizations', async (c, p) => {
      const id = idParam(c);
      const target = field(await c.req.parseBody(), 'target');
      const again = async (status: number, error: string, fieldError?: string) =>
        c.html(await listView(c, p, { chosen: target, error, fieldError }), status as 400);
      const summary = 'The run was not started.';
      const parsed = RunStartSchema.safeParse(startBody(id, target));
      if (!parsed.success) return again(400, summary, 'Choose one of the actions or workflows in the list.');
      try {
        const run = await startRun(p.ctx, deps, parsed.data);
        return c.redirect(`/ui/runs/${run.id}/?started=1`, 303);
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
        // The API names the block, action or workflow; the form has one field for them.
        const r = refusal(err, summary, ['target'], {
          block: 'target',
          action: 'target',
          workflow: 'target',
        });
        return again(r.status, r.error, r.fields.target);
      }
    }),
  );

  const placeOf = async (p: PageContext, id: string): Promise<RunPlace> => {
    const row = await findRun(p.ctx, id);
    const run = toView(row);
    const { ws, org } = await workspaceOf(p, row.workspaceId);
    const canCancel =
      isOpen(run) &&
      (await may(p.ctx, 'action_run.cancel', {
        organizationId: row.organizationId,
        workspaceId: row.workspaceId,
      }));
    return {
      run,
      output: visibleOutput(row),
      org,
      ws,
      canCancel,
      outputLimitBytes: deps.runs.outputLimitBytes,
    };
  };

  const NOTICES: Record<string, string> = {
    started: 'The run is started.',
    cancelled: 'The run is cancelled.',
    redelivered: 'The event is delivered again: its deliveries are pending, with an attempt due now.',
  };

  const detail = async (c: Context<UiEnv>, p: PageContext, error?: string, status = 200) => {
    const place = await placeOf(p, idParam(c));
    const notice = Object.keys(NOTICES).find((k) => c.req.query(k));
    const events = await runEventSection(p, {
      id: place.run.id,
      organizationId: place.run.organization,
      workspaceId: place.run.workspace,
    });
    return c.html(
      runPage(p, place, events, { error, notice: error ? undefined : notice && NOTICES[notice] }),
      status as 200,
    );
  };

  ui.get(
    '/ui/runs/:id/',
    page('organizations', (c, p) => detail(c, p)),
  );

  ui.get(
    '/ui/runs/:id/cancel/',
    page('organizations', async (c, p) => {
      const place = await placeOf(p, idParam(c));
      if (!isOpen(place.run)) return c.redirect(`/ui/runs/${place.run.id}/`, 303);
      return c.html(cancelPage(p, place));
    }),
  );

  ui.post(
    '/ui/runs/:id/cancel/',
    page('organizations', async (c, p) => {
      const id = idParam(c);
      try {
        await cancelRun(p.ctx, deps, id);
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
        return detail(c, p, err.message, STATUS_OF[err.kind]);
      }
      return c.redirect(`/ui/runs/${id}/?cancelled=1`, 303);
    }),
  );
}
