import type { AuditEntry } from '../../areas/audit/public.ts';
import type { Bucket, RegionUsage } from '../../areas/buckets/public.ts';
import { eventCell, timeCell } from '../../areas/audit/public.ts';
import { membershipsTable } from '../../areas/members/public.ts';
import type { Role } from '../../auth/policy.ts';
import { bytes, count, EFFECTIVE_ROLE_NAMES, measured, minute, NOT_MEASURED } from '../../ui/format.ts';
import { html } from '../../ui/html.ts';
import type { Html } from '../../ui/html.ts';
import { layout } from '../../ui/layout.ts';
import type { Frame, PageUser } from '../../ui/layout.ts';
import { table } from '../../ui/table.ts';

/** The dashboard's view (dashboard.ts gathers what it shows). */

/** How many recent security events the dashboard shows. */
export const RECENT_EVENTS = 5;

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
  /** How many organizations the user sees (a Super Admin: all). */
  readonly organizationCount: number;
  readonly organizations: ReadonlyMap<string, string>;
  readonly workspaces: readonly { id: string; name: string; organization: string; role: Role | null }[];
  readonly workspaceCount: number;
  /** Workspace names by ID (the first 500 the user sees), for the buckets' workspaces. */
  readonly workspaceNames: ReadonlyMap<string, string>;
  readonly regions: readonly RegionUsage[];
  readonly buckets: readonly Bucket[];
  readonly bucketCount: number;
  /** The latest security events without key use; null for those who may not read the log. */
  readonly events: readonly AuditEntry[] | null;
  /** The firing alerts the user may see, by severity; null for those who may not see alerts. */
  readonly firing: Readonly<Record<string, number>> | null;
  readonly auditHref: string | null;
  readonly actions: { readonly createBucket: boolean; readonly createKey: boolean };
}

const orgName = (p: DashboardProps, id: string | null): string =>
  (id && p.organizations.get(id)) ?? 'another organization';

/** "Showing 10 of 42" and the link to the whole list, when there are more than shown. */
const more = (shown: number, count: number, href: string, what: string): Html | '' =>
  count > shown ? html`<p><a href="${href}">All ${count} ${what}</a></p>` : '';

export function dashboardPage(p: DashboardProps): string {
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
        ${nextActions(p)}
      </div>
      ${alertsCard(p)} ${bucketsCard(p)} ${regionsCard(p)} ${organizationsCard(p)} ${workspacesCard(p)}
      ${eventsCard(p)}`,
    p.frame,
  );
}

/** Only what the user may do: the API would refuse the rest. */
function nextActions(p: DashboardProps): Html | '' {
  if (!p.actions.createBucket && !p.actions.createKey) return '';
  return html`<nav id="next-actions" class="dashboard-actions" aria-label="Next actions">
    ${p.actions.createBucket ? html`<a class="button" href="/ui/buckets/new/">Create a bucket</a>` : ''}
    ${p.actions.createKey ? html`<a class="button" href="/ui/accounts/api-keys/">Create an API key</a>` : ''}
  </nav>`;
}

/** The alerts firing now, by severity, linking to them (those who may see alerts only). */
function alertsCard(p: DashboardProps): Html | '' {
  if (!p.firing) return '';
  const n = (severity: string) => p.firing?.[severity] ?? 0;
  const others = Object.entries(p.firing)
    .filter(([s]) => s !== 'critical' && s !== 'warning')
    .reduce((sum, [, c]) => sum + c, 0);
  const total = n('critical') + n('warning') + others;
  return html`<div class="card" id="firing-alerts">
    <h2>Alerts</h2>
    ${
      total
        ? html`<p class="actions">
            <span class="badge bad" data-severity="critical">${count(n('critical'))} critical</span>
            <span class="badge warn" data-severity="warning">${count(n('warning'))} warning</span>
            ${others ? html`<span class="badge off" data-severity="other">${count(others)} other</span>` : ''}
            <a href="/ui/monitoring/alerts/?state=firing">The firing alerts</a>
          </p>`
        : html`<p id="no-firing">No alert is firing. <a href="/ui/monitoring/alerts/">The alerts</a></p>`
    }
  </div>`;
}

function bucketsCard(p: DashboardProps): Html {
  return html`<div class="card">
    <h2>Your buckets</h2>
    ${
      p.buckets.length
        ? table({
            id: 'buckets',
            head: [
              'Bucket',
              'Region',
              'Workspace',
              { label: 'Occupancy', num: true },
              { label: 'Objects', num: true },
            ],
            rows: p.buckets.map((b) => {
              const u = measured(b.usage, b.created_at);
              return html`<tr data-bucket="${b.id}">
                <td><a href="/ui/buckets/${b.id}/">${b.name}</a></td>
                <td>${b.region}</td>
                <td><a href="/ui/workspaces/${b.workspace}/">${workspaceName(p, b.workspace)}</a></td>
                <td class="num" data-bytes="${u?.bytes ?? ''}">${u ? bytes(u.bytes) : NOT_MEASURED}</td>
                <td class="num">${u ? count(u.objects) : ''}</td>
              </tr>`;
            }),
          })
        : html`<p id="no-buckets" class="muted">No buckets yet.</p>`
    }
    ${more(p.buckets.length, p.bucketCount, '/ui/buckets/', 'buckets')}
  </div>`;
}

const workspaceName = (p: DashboardProps, id: string): string => p.workspaceNames.get(id) ?? 'workspace';

function regionsCard(p: DashboardProps): Html {
  return html`<div class="card">
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
            rows: p.regions.map((r) => {
              // As on the bucket list: a region with buckets and no measurement yet shows no 0 B.
              const known = r.usage_updated_at !== null || r.bucket_count === 0;
              return html`<tr data-region="${r.name}">
                <td><a href="/ui/buckets/?region=${r.name}">${r.name}</a></td>
                <td class="num" data-count="${r.bucket_count}">${count(r.bucket_count)}</td>
                <td class="num" data-bytes="${r.bytes}">${known ? bytes(r.bytes) : NOT_MEASURED}</td>
                <td class="num">${known ? count(r.objects) : ''}</td>
                <td>${minute(r.usage_updated_at, '')}</td>
              </tr>`;
            }),
          })
        : html`<p class="muted">No storage region is configured.</p>`
    }
  </div>`;
}

function organizationsCard(p: DashboardProps): Html {
  // A Super Admin in no organization still sees them all: say so rather than "not a member".
  const list =
    p.user.superuser && !p.memberships.length
      ? html`<p id="all-organizations">
          You see every organization as Super Admin:
          <a href="/ui/organizations/"
            >${p.organizationCount} ${p.organizationCount === 1 ? 'organization' : 'organizations'}</a
          >.
        </p>`
      : membershipsTable(p.memberships, 'You are not a member of any organization yet.');
  return html`<div class="card">
    <h2>Your organizations</h2>
    ${list}
  </div>`;
}

function workspacesCard(p: DashboardProps): Html {
  return html`<div class="card">
    <h2>${p.user.superuser ? 'Workspaces' : 'Your workspaces'}</h2>
    ${
      p.workspaces.length
        ? table({
            id: 'workspaces',
            head: ['Workspace', 'Organization', 'Your role'],
            rows: p.workspaces.map(
              (w) =>
                html`<tr data-workspace="${w.id}">
                  <td><a href="/ui/workspaces/${w.id}/">${w.name}</a></td>
                  <td>${orgName(p, w.organization)}</td>
                  <td data-role="${w.role ?? ''}">${w.role ? EFFECTIVE_ROLE_NAMES[w.role] : '–'}</td>
                </tr>`,
            ),
          })
        : html`<p class="muted">No workspaces yet.</p>`
    }
    ${more(p.workspaces.length, p.workspaceCount, '/ui/organizations/', 'workspaces, by organization')}
  </div>`;
}

/** The latest security events, for those who may read the log (Org Admins, Super Admins). */
function eventsCard(p: DashboardProps): Html | '' {
  if (!p.events) return '';
  return html`<div class="card">
    <h2>Recent security events</h2>
    <p class="muted">
      The latest ${RECENT_EVENTS}, without routine API key and ServiceAccount use. Times are UTC.
    </p>
    ${
      p.events.length
        ? table({
            id: 'recent-events',
            head: ['Time (UTC)', 'Event', 'Organization'],
            rows: p.events.map(
              (e) =>
                html`<tr data-entry="${e.id}" data-event="${e.event}">
                  <td>${timeCell(e.occurred_at)}</td>
                  <td>${eventCell(e.event)}</td>
                  <td>
                    ${e.organization ? orgName(p, e.organization) : html`<span class="muted">none</span>`}
                  </td>
                </tr>`,
            ),
          })
        : html`<p id="no-events" class="muted">No events yet.</p>`
    }
    ${p.auditHref ? html`<p><a id="audit-link" href="${p.auditHref}">The audit log</a></p>` : ''}
  </div>`;
}
