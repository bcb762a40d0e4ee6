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
