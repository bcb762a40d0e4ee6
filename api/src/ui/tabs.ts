import { html } from './html.ts';
import type { Html } from './html.ts';

/** An organization's tabs, shared by its pages (the API Keys tab is the spec's place for org keys). */
export type OrganizationTab = 'overview' | 'members' | 'workspaces' | 'keys' | 'audit';

export function organizationTabs(
  org: { readonly id: string; readonly name: string },
  active: OrganizationTab,
  shown: { readonly admin?: boolean } = {},
): Html {
  const tabs: [OrganizationTab, string, string][] = [
    ['overview', 'Overview', ''],
    ['members', 'Members', 'members/'],
    ['workspaces', 'Workspaces', 'workspaces/'],
  ];
  // Organization keys and the audit log are Org Admins' (the API refuses everyone else).
  if (shown.admin) tabs.push(['keys', 'API Keys', 'api-keys/'], ['audit', 'Audit log', 'audit/']);
  return html`<p class="crumbs"><a href="/ui/organizations/">Organizations</a> / ${org.name}</p>
    <nav class="tabs" aria-label="${org.name}">
      ${tabs.map(
        ([tab, label, path]) =>
          html`<a
            href="/ui/organizations/${org.id}/${path}"
            ${tab === active ? html`aria-current="page"` : ''}
            >${label}</a
          >`,
      )}
    </nav>`;
}

/** A workspace's tabs: its overview, its runs, its events and its event handlers (every member's). */
export type WorkspaceTab = 'overview' | 'runs' | 'events' | 'handlers';

export function workspaceTabs(
  org: { readonly id: string; readonly name: string },
  ws: { readonly id: string; readonly name: string },
  active: WorkspaceTab,
): Html {
  const tabs: [WorkspaceTab, string, string][] = [
    ['overview', 'Overview', ''],
    ['runs', 'Runs', 'runs/'],
    ['events', 'Events', 'events/'],
    ['handlers', 'Event handlers', 'event-handlers/'],
  ];
  return html`${workspaceCrumbs(org, ws)}
    <nav class="tabs" aria-label="${ws.name}">
      ${tabs.map(
        ([tab, label, path]) =>
          html`<a href="/ui/workspaces/${ws.id}/${path}" ${tab === active ? html`aria-current="page"` : ''}
            >${label}</a
          >`,
      )}
    </nav>`;
}

/** The way to a workspace (and on, to `trail`: a label and its link, the last one unlinked). */
export function workspaceCrumbs(
  org: { readonly id: string; readonly name: string },
  ws: { readonly id: string; readonly name: string },
  trail: readonly (readonly [string, string?])[] = [],
): Html {
  return html`<p class="crumbs">
    <a href="/ui/organizations/">Organizations</a> / <a href="/ui/organizations/${org.id}/">${org.name}</a> /
    <a href="/ui/organizations/${org.id}/workspaces/">Workspaces</a> /
    ${
      trail.length
        ? html`<a href="/ui/workspaces/${ws.id}/">${ws.name}</a>
            ${trail.map(([label, href]) => (href ? html` / <a href="${href}">${label}</a>` : html` / ${label}`))}`
        : ws.name
    }
  </p>`;
}
