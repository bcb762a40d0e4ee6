import type { Hono } from 'hono';
import type { AreaPageDeps } from '../../areas/area.ts';
import { regionAggregates } from '../../areas/buckets/queries.ts';
import { membershipsOfUser, membershipsTable } from '../../areas/members/public.ts';
import { listOrganizations } from '../../areas/organizations/service.ts';
import { listWorkspaces } from '../../areas/workspaces/service.ts';
import type { OidcProviders } from '../../auth/sso/providers.ts';
import type { UiEnv } from '../../ui/context.ts';
import { pagesWith } from '../../ui/context.ts';
import { html } from '../../ui/html.ts';
import { bytes, minute } from '../../ui/format.ts';
import { layout } from '../../ui/layout.ts';
import { table } from '../../ui/table.ts';
import type { Frame, NavItem, PageUser } from '../../ui/layout.ts';

/** The dashboard at `/ui/`: who I am, bucket totals per region, my organizations and workspaces. */

/** The dashboard's entry in the main navigation: the first. */
export const DASHBOARD_NAV: NavItem = { section: 'home', href: '/ui/', label: 'Dashboard', order: 0 };

export function registerDashboard(
  ui: Hono<UiEnv>,
  deps: AreaPageDeps,
  providers: OidcProviders | null,
): void {
  const page = pagesWith(deps);
  ui.get(
    '/ui/',
    page('home', async (c, p) => {
      const [memberships, orgs, workspaces, regions] = await Promise.all([
        membershipsOfUser(p.ctx, p.session.userId),
        listOrganizations(p.ctx, new URL('http://ui/'), { page: 1, page_size: 500 }),
        listWorkspaces(p.ctx, new URL('http://ui/'), { page: 1, page_size: 100 }),
        regionAggregates({ ...p.ctx, storage: deps.storage }),
      ]);
      return c.html(
        dashboardPage({
          user: p.session,
          csrf: p.csrf,
          frame: p.frame('home'),
          provider: p.session.provider
            ? (providers?.get(p.session.provider)?.displayName ?? p.session.provider)
            : null,
          memberships,
          workspaces: workspaces.results,
          organizations: new Map(orgs.results.map((o) => [o.id, o.name])),
          regions,
        }),
      );
    }),
  );
}

export interface DashboardProps {
  readonly user: PageUser & { fullName: string };
  readonly csrf: string;
  readonly frame: Frame;
  readonly provider: string | null;
  readonly memberships: readonly {
    id: string;
    organization: string;
    slug: string;
    role: string;
    source: string;
  }[];
  readonly workspaces: readonly { id: string; name: string; organization: string }[];
  readonly organizations: ReadonlyMap<string, string>;
  readonly regions: readonly {
    name: string;
    bucket_count: number;
    bytes: number;
    objects: number;
    usage_updated_at: string | null;
  }[];
}

/** `/ui/`: who I am, my organizations and workspaces, and bucket totals per region. */
function dashboardPage(p: DashboardProps): string {
  return layout(
    'Dashboard',
    html`<div class="card">
        <h1>Welcome, ${p.user.fullName || p.user.username}</h1>
        <p>
          Signed in as
          <strong id="username">${p.user.username}</strong
          >${p.provider ? html` through <span id="provider">${p.provider}</span>` : ''}.
          ${p.user.superuser ? html`You are a <strong id="superuser">Super Admin</strong>.` : ''}
        </p>
      </div>
      <div class="card">
        <h2>Buckets per region</h2>
        ${
          p.regions.length
            ? table({
                id: 'regions',
                head: [
                  'Region',
                  { label: 'Buckets', num: true },
                  { label: 'Occupancy', num: true },
                  { label: 'Objects', num: true },
                  'Measured',
                ],
                rows: p.regions.map(
                  (r) =>
                    html`<tr data-region="${r.name}">
                      <td><a href="/ui/buckets/?region=${r.name}">${r.name}</a></td>
                      <td class="num" data-count="${r.bucket_count}">${r.bucket_count}</td>
                      <td class="num" data-bytes="${r.bytes}">${bytes(r.bytes)}</td>
                      <td class="num">${r.objects}</td>
                      <td>${minute(r.usage_updated_at, 'not yet')}</td>
                    </tr>`,
                ),
              })
            : html`<p class="muted">No storage region is configured.</p>`
        }
      </div>
      <div class="card">
        <h2>Your organizations</h2>
        ${membershipsTable(p.memberships, 'You are not a member of any organization yet.')}
      </div>
      <div class="card">
        <h2>Your workspaces</h2>
        ${
          p.workspaces.length
            ? html`<ul id="workspaces" class="plain">
                ${p.workspaces.map(
                  (w) =>
                    html`<li>
                      <a href="/ui/workspaces/${w.id}/">${w.name}</a>
                      <span class="muted"
                        >in ${p.organizations.get(w.organization) ?? 'another organization'}</span
                      >
                    </li>`,
                )}
              </ul>`
            : html`<p class="muted">No workspaces yet.</p>`
        }
      </div>`,
    p.frame,
  );
}
