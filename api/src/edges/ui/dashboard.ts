import type { Hono } from 'hono';
import type { AreaPageDeps } from '../../areas/area.ts';
import { KEY_USE_EVENTS, listAudit } from '../../areas/audit/public.ts';
import { listBuckets, regionAggregates } from '../../areas/buckets/public.ts';
import { membershipsOfUser } from '../../areas/members/public.ts';
import { firingAlertCounts } from '../../areas/monitoring/public.ts';
import { listOrganizations } from '../../areas/organizations/public.ts';
import { listWorkspaces } from '../../areas/workspaces/public.ts';
import { roleIn } from '../../auth/policy.ts';
import type { OidcProviders } from '../../auth/sso/providers.ts';
import type { PageContext, UiEnv } from '../../ui/context.ts';
import { may, pagesWith } from '../../ui/context.ts';
import type { NavItem } from '../../ui/layout.ts';
import { dashboardPage, RECENT_EVENTS } from './dashboard-view.ts';
import type { DashboardProps } from './dashboard-view.ts';

/**
 * The dashboard at `/ui/`: who I am, my organizations and workspaces with my role in each, my
 * buckets with their occupancy and the totals per region, the alerts firing where I may see them,
 * the recent security events I may read, and what I may do next. Everything through the areas'
 * services with the session's principal, so it shows exactly what the API would show this user
 * (dashboard-view.ts draws it).
 */

/** The dashboard's entry in the main navigation: the first. */
export const DASHBOARD_NAV: NavItem = { section: 'home', href: '/ui/', label: 'Dashboard', order: 0 };

/** How many workspaces and buckets the dashboard lists; their pages list them all. */
const SHOWN = 10;

const LIST = new URL('http://ui/');

export function registerDashboard(
  ui: Hono<UiEnv>,
  deps: AreaPageDeps,
  providers: OidcProviders | null,
): void {
  const page = pagesWith(deps);
  ui.get(
    '/ui/',
    page('home', async (c, p) => {
      const props = await dashboardData(p, deps);
      return c.html(
        dashboardPage({
          ...props,
          provider: p.session.provider
            ? (providers?.get(p.session.provider)?.displayName ?? p.session.provider)
            : null,
        }),
      );
    }),
  );
}

async function dashboardData(p: PageContext, deps: AreaPageDeps): Promise<Omit<DashboardProps, 'provider'>> {
  const bucketCtx = { ...p.ctx, storage: deps.storage };
  const [
    memberships,
    orgs,
    workspaces,
    regions,
    buckets,
    canCreateBucket,
    canCreateKey,
    canReadAudit,
    canViewAlerts,
  ] = await Promise.all([
    membershipsOfUser(p.ctx, p.session.userId),
    listOrganizations(p.ctx, LIST, { page: 1, page_size: 500 }),
    listWorkspaces(p.ctx, LIST, { page: 1, page_size: 500 }),
    regionAggregates(bucketCtx),
    listBuckets(bucketCtx, LIST, { page: 1, page_size: SHOWN }),
    may(p.ctx, 'bucket.create', 'global'),
    may(p.ctx, 'api_key.user.create', 'global'),
    may(p.ctx, 'audit_log.view', 'global'),
    may(p.ctx, 'alert.view', 'global'),
  ]);
  // The role that decides in each workspace: an organization's, a workspace's, or Super Admin.
  const shown = workspaces.results.slice(0, SHOWN);
  const roles = await Promise.all(
    shown.map((w) => roleIn(p.ctx, { organizationId: w.organization, workspaceId: w.id })),
  );
  // Routine key use left out: the rare events are the ones worth a look.
  const events = canReadAudit
    ? (
        await listAudit(p.ctx, LIST, {
          page: 1,
          page_size: RECENT_EVENTS,
          exclude_event: KEY_USE_EVENTS.join(','),
        })
      ).results
    : null;
  // The firing alerts by severity: one query, for those who may see alerts.
  const firing = canViewAlerts ? await firingAlertCounts(p.ctx) : null;
  const adminOf = memberships.filter((m) => m.role === 'admin');
  return {
    user: p.session,
    csrf: p.csrf,
    frame: p.frame('home'),
    memberships,
    organizationCount: orgs.count,
    organizations: new Map(orgs.results.map((o) => [o.id, o.name])),
    workspaces: shown.map((w, i) => ({ ...w, role: roles[i] ?? null })),
    workspaceNames: new Map(workspaces.results.map((w) => [w.id, w.name])),
    workspaceCount: workspaces.count,
    regions,
    buckets: buckets.results,
    bucketCount: buckets.count,
    events,
    firing,
    // Where the whole story is: the whole log, or the (first) organization the reader administers.
    auditHref: p.principal.superuser
      ? '/ui/administration/audit-log/'
      : adminOf[0]
        ? `/ui/organizations/${adminOf[0].id}/audit/`
        : null,
    actions: { createBucket: canCreateBucket, createKey: canCreateKey },
  };
}
