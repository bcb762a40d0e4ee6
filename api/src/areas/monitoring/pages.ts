import type { Context, Hono } from 'hono';
import type { AreaPageDeps } from '../area.ts';
import { DomainError, notFound } from '../../core/errors.ts';
import type { PageContext, UiEnv } from '../../ui/context.ts';
import { idParam, may, pagesWith } from '../../ui/context.ts';
import { field, invalidForm, refusal } from '../../ui/forms.ts';
import type { Refusal } from '../../ui/forms.ts';
import { getOrganization, listOrganizations } from '../organizations/public.ts';
import { getWorkspace, listWorkspaces } from '../workspaces/public.ts';
import { getAgent, getAgentReports, listAgents } from './agents.ts';
import { acknowledgeAlert, getAlert, listAlerts, unacknowledgeAlert } from './alerts/service.ts';
import { getEndpoint, listEndpoints } from './endpoints.ts';
import { AcknowledgeSchema } from './schema/alerts.ts';
import type { AlertView } from './schema/alerts.ts';
import { STATS_WINDOWS } from './schema/stats.ts';
import type { EndpointView } from './schema/management.ts';
import { endpointStats } from './stats.ts';
import { agentPage } from './pages/agent.ts';
import { agentsPage } from './pages/agents.ts';
import type { Names } from './pages/agents.ts';
import { alertPage } from './pages/alert.ts';
import type { AckForm, AlertProps } from './pages/alert.ts';
import { ALERT_STATES, alertsPage } from './pages/alerts.ts';
import type { AlertSection } from './pages/alerts.ts';
import { endpointState, lastCheckOf, pageOf } from './pages/common.ts';
import { endpointPage } from './pages/endpoint.ts';
import { endpointsPage } from './pages/endpoints.ts';

/**
 * The monitoring pages (`/ui/monitoring/…`): the endpoints with their state and last day, one
 * endpoint's figures and latency chart, the alerts with Acknowledge and Withdraw, and the agents
 * with their last reports. They call monitoring's services with the session's principal, so the
 * API's rules, messages and audit entries apply unchanged; header values stay redacted.
 */

const PAGE_SIZE = 50;
/** How many firing alerts the list shows before linking to the rest, and how many resolved ones. */
const FIRING_SHOWN = 100;
const RESOLVED_SHOWN = 20;
/** An endpoint's or agent's latest alerts, on its page. */
const RECENT_ALERTS = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST = new URL('http://ui/ui/monitoring/');
const NOT_ACKNOWLEDGED = 'The alert was not acknowledged.';

const NOTICES: Record<string, string> = {
  acknowledged:
    'The alert is acknowledged: it stops notifying until it resolves or the acknowledgement ends.',
  withdrawn: 'The acknowledgement is withdrawn: the alert notifies again.',
};

/** The lookup's answer, or null when the service refuses it (not found, not allowed). */
const orNull = <T>(lookup: Promise<T>): Promise<T | null> =>
  lookup.catch((err: unknown) => {
    if (err instanceof DomainError) return null;
    throw err;
  });

/** A refusal the page shows beside its form; a not-found (or anything else) is the page's own. */
const shown = (err: unknown): err is DomainError => err instanceof DomainError && err.kind !== 'not_found';

/** `until` from the form (a `datetime-local`, read as UTC) as the API takes it; null: not a time. */
function untilOf(value: string): string | undefined | null {
  if (value === '') return undefined;
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(?:\.\d{1,3})?)?$/.exec(value);
  return m ? `${m[1]}${m[2] ?? ':00'}Z` : null;
}

export function registerMonitoringPages(ui: Hono<UiEnv>, deps: AreaPageDeps): void {
  const page = pagesWith(deps);

  /** The organizations and workspaces the user can see (the first 500 of each), by ID. */
  const directory = async (p: PageContext): Promise<Names> => {
    const [orgs, workspaces] = await Promise.all([
      listOrganizations(p.ctx, LIST, { page: 1, page_size: 500 }),
      listWorkspaces(p.ctx, LIST, { page: 1, page_size: 500 }),
    ]);
    return {
      organizations: new Map(orgs.results.map((o) => [o.id, o.name])),
      workspaces: new Map(workspaces.results.map((w) => [w.id, w.name])),
    };
  };

  /** The firing alerts of these endpoints: one list of all, or each's when they are too many for one. */
  const firingOf = async (p: PageContext, endpoints: readonly EndpointView[]) => {
    const by = new Map<string, AlertView[]>();
    const all = await listAlerts(p.ctx, LIST, { page: 1, page_size: 500, state: 'firing' });
    const lists =
      all.count <= all.results.length
        ? [all.results]
        : await Promise.all(
            endpoints.map(async (e) => {
              const q = { page: 1, page_size: 500, state: 'firing' as const, endpoint: e.id };
              return (await listAlerts(p.ctx, LIST, q)).results;
            }),
          );
    for (const a of lists.flat()) by.set(a.subject.id, [...(by.get(a.subject.id) ?? []), a]);
    return by;
  };

  ui.get('/ui/monitoring/endpoints/', (c) => c.redirect('/ui/monitoring/', 301));

  ui.get(
    '/ui/monitoring/',
    page('monitoring', async (c, p) => {
      const pageNo = pageOf(c.req.query('page'));
      const list = await listEndpoints(p.ctx, LIST, { page: pageNo, page_size: PAGE_SIZE });
      const [firing, names] = await Promise.all([firingOf(p, list.results), directory(p)]);
      // The last day's figures of the endpoints on this page only.
      const rows = [];
      for (const e of list.results) {
        const stats = await endpointStats(p.ctx, e.id, '24h');
        rows.push({
          endpoint: e,
          state: endpointState(e, firing.get(e.id) ?? [], lastCheckOf(stats)),
          uptime: stats.uptime,
          p95: stats.latency_ms.p95,
          workspace: names.workspaces.get(e.workspace) ?? 'a workspace',
        });
      }
      return c.html(endpointsPage(p, { rows, count: list.count, page: pageNo, pageSize: PAGE_SIZE }));
    }),
  );

  ui.get(
    '/ui/monitoring/endpoints/:id/',
    page('monitoring', async (c, p) => {
      const endpoint = await getEndpoint(p.ctx, idParam(c));
      const window = STATS_WINDOWS.find((w) => w === c.req.query('window')) ?? '24h';
      const [stats, recent, firing, workspace] = await Promise.all([
        endpointStats(p.ctx, endpoint.id, window),
        listAlerts(p.ctx, LIST, { page: 1, page_size: RECENT_ALERTS, endpoint: endpoint.id }),
        listAlerts(p.ctx, LIST, { page: 1, page_size: 500, endpoint: endpoint.id, state: 'firing' }),
        getWorkspace(p.ctx, endpoint.workspace),
      ]);
      // Whether it is up is the last day's question, whatever the window shown.
      const day =
        window === '1h' || window === '24h' ? stats : await endpointStats(p.ctx, endpoint.id, '24h');
      return c.html(
        endpointPage(p, {
          endpoint,
          workspace: { id: workspace.id, name: workspace.name },
          state: endpointState(endpoint, firing.results, lastCheckOf(day)),
          window,
          stats,
          alerts: recent.results,
          alertCount: recent.count,
        }),
      );
    }),
  );

  ui.get(
    '/ui/monitoring/alerts/',
    page('monitoring', async (c, p) => {
      const q = c.req.query();
      const state = ALERT_STATES.find((s) => s === q.state);
      const pageNo = pageOf(q.page);
      const subjectId = UUID.test(q.subject ?? '') ? q.subject!.toLowerCase() : undefined;
      const of = subjectId ? { endpoint: subjectId } : {};
      const sectionOf = async (
        s: (typeof ALERT_STATES)[number],
        n: number,
        size: number,
      ): Promise<AlertSection> => {
        const list = await listAlerts(p.ctx, LIST, { page: n, page_size: size, state: s, ...of });
        return { state: s, alerts: list.results, count: list.count };
      };
      const sections = state
        ? [await sectionOf(state, pageNo, PAGE_SIZE)]
        : await Promise.all([sectionOf('firing', 1, FIRING_SHOWN), sectionOf('resolved', 1, RESOLVED_SHOWN)]);
      // One endpoint's or agent's alerts: its name, where the user may see it (404 otherwise).
      let subject;
      if (subjectId) {
        const found =
          (await orNull(getEndpoint(p.ctx, subjectId))) ?? (await orNull(getAgent(p.ctx, subjectId)));
        if (!found) throw notFound();
        subject = { id: found.id, name: found.name };
      }
      return c.html(alertsPage(p, { state, subject, sections, page: pageNo, pageSize: PAGE_SIZE }));
    }),
  );

  /** An alert's page, with what a refused form says (its fields, its message and status). */
  const alertView = async (
    c: Context<UiEnv>,
    p: PageContext,
    a: Omit<AlertProps, 'alert' | 'canAcknowledge'> & { status?: number } = {},
  ) => {
    const alert = await getAlert(p.ctx, idParam(c));
    const canAcknowledge = await may(
      p.ctx,
      'alert.acknowledge',
      alert.workspace
        ? { organizationId: alert.organization, workspaceId: alert.workspace }
        : { organizationId: alert.organization },
    );
    const notice = a.error ? undefined : Object.keys(NOTICES).find((k) => c.req.query(k));
    return c.html(
      alertPage(p, { ...a, alert, canAcknowledge, notice: notice && NOTICES[notice] }),
      (a.status ?? 200) as 200,
    );
  };
  const refused = (c: Context<UiEnv>, p: PageContext, form: AckForm | undefined, r: Refusal) =>
    alertView(c, p, { form, fields: r.fields, error: r.error, status: r.status });

  ui.get(
    '/ui/monitoring/alerts/:id/',
    page('monitoring', (c, p) => alertView(c, p)),
  );

  ui.post(
    '/ui/monitoring/alerts/:id/acknowledge/',
    page('monitoring', async (c, p) => {
      const id = idParam(c);
      const body = await c.req.parseBody();
      const form: AckForm = { comment: field(body, 'comment'), until: field(body, 'until') };
      const until = untilOf(form.until);
      if (until === null)
        return refused(c, p, form, {
          error: NOT_ACKNOWLEDGED,
          fields: { until: 'A date and time, such as 2026-11-25T14:00 (UTC).' },
          status: 400,
        });
      const parsed = AcknowledgeSchema.safeParse({ comment: form.comment, ...(until && { until }) });
      if (!parsed.success)
        return refused(c, p, form, invalidForm(parsed.error.issues, NOT_ACKNOWLEDGED, ['comment', 'until']));
      try {
        await acknowledgeAlert(p.ctx, id, parsed.data);
      } catch (err) {
        if (!shown(err)) throw err;
        return refused(c, p, form, refusal(err, NOT_ACKNOWLEDGED, ['comment', 'until']));
      }
      return c.redirect(`/ui/monitoring/alerts/${id}/?acknowledged=1`, 303);
    }),
  );

  ui.post(
    '/ui/monitoring/alerts/:id/withdraw/',
    page('monitoring', async (c, p) => {
      const id = idParam(c);
      try {
        await unacknowledgeAlert(p.ctx, id);
      } catch (err) {
        if (!shown(err)) throw err;
        return refused(c, p, undefined, refusal(err, 'The acknowledgement was not withdrawn.', []));
      }
      return c.redirect(`/ui/monitoring/alerts/${id}/?withdrawn=1`, 303);
    }),
  );

  ui.get(
    '/ui/monitoring/agents/',
    page('monitoring', async (c, p) => {
      const archived = c.req.query('archived') === 'true';
      const pageNo = pageOf(c.req.query('page'));
      const [list, names] = await Promise.all([
        listAgents(p.ctx, LIST, {
          page: pageNo,
          page_size: PAGE_SIZE,
          ...(archived && { archived: 'true' }),
        }),
        directory(p),
      ]);
      return c.html(
        agentsPage(p, {
          agents: list.results,
          names,
          archived,
          count: list.count,
          page: pageNo,
          pageSize: PAGE_SIZE,
        }),
      );
    }),
  );

  ui.get(
    '/ui/monitoring/agents/:id/',
    page('monitoring', async (c, p) => {
      const reports = await getAgentReports(p.ctx, idParam(c));
      const a = reports.agent;
      const [alerts, org, ws] = await Promise.all([
        listAlerts(p.ctx, LIST, { page: 1, page_size: RECENT_ALERTS, endpoint: a.id }),
        orNull(getOrganization(p.ctx, a.organization)),
        a.workspace ? orNull(getWorkspace(p.ctx, a.workspace)) : null,
      ]);
      const names: Names = {
        organizations: new Map(org ? [[org.id, org.name]] : []),
        workspaces: new Map(ws ? [[ws.id, ws.name]] : []),
      };
      return c.html(agentPage(p, { reports, names, alerts: alerts.results, alertCount: alerts.count }));
    }),
  );
}
