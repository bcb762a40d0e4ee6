import type { Context, Hono } from 'hono';
import type { AreaPageDeps } from '../area.ts';
import { DomainError, notFound } from '../../core/errors.ts';
import { MAX_PAGE } from '../../core/pagination.ts';
import type { PageContext, UiEnv } from '../../ui/context.ts';
import { idParam, may, pagesWith } from '../../ui/context.ts';
import { field, refusal } from '../../ui/forms.ts';
import { getOrganization } from '../organizations/public.ts';
import { getWorkspace } from '../workspaces/public.ts';
import { HandlerParams } from './schema.ts';
import { enableHandler, getEvent, listEvents, listHandlers, redeliver, rotateSecret } from './service.ts';
import { eventsPage, LEVELS } from './pages/events.ts';
import type { Level } from './pages/events.ts';
import { GRACE_CHOICES, handlersPage, secretPage } from './pages/handlers.ts';

/**
 * The events pages: a workspace's Events and Event handlers tabs, and Redeliver on a run's page
 * (whose event section is `pages/run-event.ts`). They call the events service with the session's
 * principal, so the API's rules, messages and audit entries apply unchanged.
 */

const PAGE_SIZE = 50;

export function registerEventPages(ui: Hono<UiEnv>, deps: AreaPageDeps): void {
  const page = pagesWith(deps);

  const workspaceOf = async (p: PageContext, id: string) => {
    const ws = await getWorkspace(p.ctx, id);
    return { ws, org: await getOrganization(p.ctx, ws.organization) };
  };

  ui.get(
    '/ui/workspaces/:id/events/',
    page('organizations', async (c, p) => {
      const { ws, org } = await workspaceOf(p, idParam(c));
      const q = c.req.query();
      const n = /^\d{1,7}$/.test(q.page ?? '') ? Number(q.page) : 1;
      const pageNo = n >= 1 && n <= MAX_PAGE ? n : 1;
      const level = LEVELS.find<Level>((l): l is Level => l === q.level);
      const list = await listEvents(p.ctx, new URL(`http://ui/ui/workspaces/${ws.id}/events/`), {
        page: pageNo,
        page_size: PAGE_SIZE,
        workspace: ws.id,
        ...(level && { level }),
      });
      return c.html(
        eventsPage(p, {
          org,
          ws,
          events: list.results,
          count: list.count,
          page: pageNo,
          pageSize: PAGE_SIZE,
          level,
        }),
      );
    }),
  );

  const NOTICES: Record<string, string> = {
    enabled: 'The handler is enabled: later events are delivered to it again.',
  };

  const handlersView = async (
    c: Context<UiEnv>,
    p: PageContext,
    a: { error?: string; status?: number } = {},
  ) => {
    const { ws, org } = await workspaceOf(p, idParam(c));
    const [handlers, canConfigure] = await Promise.all([
      listHandlers(p.ctx, ws.id),
      may(p.ctx, 'event_handler.configure', { organizationId: ws.organization, workspaceId: ws.id }),
    ]);
    const notice = a.error ? undefined : Object.keys(NOTICES).find((k) => c.req.query(k));
    return c.html(
      handlersPage(p, {
        org,
        ws,
        handlers,
        canConfigure,
        error: a.error,
        notice: notice && NOTICES[notice],
      }),
      (a.status ?? 200) as 200,
    );
  };

  /** The handler's name from the path, as the API takes it; anything else is not found. */
  const handlerName = (c: Context<UiEnv>) => {
    const parsed = HandlerParams.shape.name.safeParse(c.req.param('name'));
    if (!parsed.success) throw notFound('The workspace configuration has no event handler of this name.');
    return parsed.data;
  };

  /** A refusal the handlers page shows at the top (a not-found is the page's own 404). */
  const refused = (c: Context<UiEnv>, p: PageContext, err: unknown, summary: string) => {
    if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
    const r = refusal(err, summary, []);
    return handlersView(c, p, { error: r.error, status: r.status });
  };

  ui.get(
    '/ui/workspaces/:id/event-handlers/',
    page('organizations', (c, p) => handlersView(c, p)),
  );

  ui.post(
    '/ui/workspaces/:id/event-handlers/:name/secret/',
    page('organizations', async (c, p) => {
      const { ws, org } = await workspaceOf(p, idParam(c));
      const name = handlerName(c);
      const grace = field(await c.req.parseBody(), 'grace_seconds') || '86400';
      if (!GRACE_CHOICES.some(([v]) => v === grace))
        return handlersView(c, p, { error: 'Choose one of the grace periods.', status: 400 });
      try {
        const made = await rotateSecret(p.ctx, deps.events, ws.id, name, Number(grace));
        return c.html(secretPage(p, { org, ws }, name, made), 201);
      } catch (err) {
        return refused(c, p, err, 'No secret was made.');
      }
    }),
  );

  ui.post(
    '/ui/workspaces/:id/event-handlers/:name/enable/',
    page('organizations', async (c, p) => {
      const id = idParam(c);
      try {
        await enableHandler(p.ctx, id, handlerName(c));
      } catch (err) {
        return refused(c, p, err, 'The handler was not enabled.');
      }
      return c.redirect(`/ui/workspaces/${id}/event-handlers/?enabled=1`, 303);
    }),
  );

  ui.post(
    '/ui/events/:id/redeliver/',
    page('organizations', async (c, p) => {
      const event = await getEvent(p.ctx, idParam(c));
      const handler = field(await c.req.parseBody(), 'handler');
      // A refusal (a Viewer's 403) is the page's error, with the API's message and status.
      await redeliver(p.ctx, deps.events, event.id, handler || undefined);
      return c.redirect(`/ui/runs/${event.transaction}/?redelivered=1`, 303);
    }),
  );
}
