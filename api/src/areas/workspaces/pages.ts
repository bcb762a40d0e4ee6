import type { Hono } from 'hono';
import type { AreaPageDeps } from '../area.ts';
import type { Role } from '../../auth/policy.ts';
import { roleIn } from '../../auth/policy.ts';
import { DomainError } from '../../core/errors.ts';
import { patchBody } from '../../http/common.ts';
import { STATUS_OF } from '../../http/errors.ts';
import { html } from '../../ui/html.ts';
import type { Html } from '../../ui/html.ts';
import type { PageContext, UiEnv } from '../../ui/context.ts';
import { idParam, may, pagesWith } from '../../ui/context.ts';
import { field, invalidForm, refusal } from '../../ui/forms.ts';
import type { Refusal } from '../../ui/forms.ts';
import { alerts, confirmForm, copyText, csrfField, fieldError, nameField } from '../../ui/fields.ts';
import { EFFECTIVE_ROLE_NAMES, minute } from '../../ui/format.ts';
import { layout } from '../../ui/layout.ts';
import { workspaceCrumbs, workspaceTabs } from '../../ui/tabs.ts';
import {
  firstMembers,
  memberNotice,
  membersPlace,
  membersSection,
  registerMemberRoutes,
} from '../members/public.ts';
import type { Member, MembersPlace, MembersState } from '../members/public.ts';
import { getOrganization } from '../organizations/public.ts';
import type { Organization } from '../organizations/public.ts';
import { WorkspaceCreateSchema, WorkspaceUpdateSchema } from './schema.ts';
import type { Workspace } from './schema.ts';
import { deleteWorkspace, getWorkspace, updateWorkspace } from './service.ts';

/**
 * A workspace's page (`/ui/workspaces/{id}/`): its organization, configuration and members (the
 * members area's section), with the configuration form for Workspace and Org Admins and deletion
 * (after a confirmation) for Org Admins. Everything goes through the services with the session's
 * principal, so the API's rules, messages and audit entries apply unchanged.
 */

/** The settings form as it was sent: the configuration exactly as typed. */
interface SettingsForm {
  readonly name: string;
  readonly config: string;
}

interface WorkspaceView {
  readonly ws: Workspace;
  readonly org: Organization;
  readonly role: Role | null;
  readonly canConfigure: boolean;
  readonly canDelete: boolean;
  readonly place: MembersPlace;
  readonly members: { members: Member[]; count: number };
}

interface WorkspaceState {
  readonly error?: string | undefined;
  readonly notice?: string | undefined;
  readonly settings?: { fields: Record<string, string>; form: SettingsForm };
  readonly members?: MembersState;
}

const pretty = (config: Record<string, unknown>): string => JSON.stringify(config, null, 2);

export function registerWorkspacePages(ui: Hono<UiEnv>, deps: AreaPageDeps): void {
  const page = pagesWith(deps);

  const view = async (p: PageContext, id: string): Promise<WorkspaceView> => {
    const ws = await getWorkspace(p.ctx, id);
    const scope = { organizationId: ws.organization, workspaceId: ws.id };
    const [org, role, canConfigure, canDelete, place] = await Promise.all([
      getOrganization(p.ctx, ws.organization),
      roleIn(p.ctx, scope),
      may(p.ctx, 'workspace.configure', scope),
      may(p.ctx, 'workspace.delete', scope),
      membersPlace(p, 'workspace', ws.id),
    ]);
    return { ws, org, role, canConfigure, canDelete, place, members: await firstMembers(p, place) };
  };

  ui.get(
    '/ui/workspaces/:id/',
    page('organizations', async (c, p) => {
      const v = await view(p, idParam(c));
      const notice = c.req.query('saved') ? 'The workspace is saved.' : memberNotice(c);
      return c.html(workspacePage(p, v, { notice }));
    }),
  );

  ui.post(
    '/ui/workspaces/:id/',
    page('organizations', async (c, p) => {
      const v = await view(p, idParam(c));
      const form = await c.req.parseBody();
      const state: SettingsForm = {
        name: field(form, 'name'),
        config: typeof form.config === 'string' ? form.config : '',
      };
      const again = (r: Refusal) =>
        c.html(
          workspacePage(p, v, { error: r.error, settings: { fields: r.fields, form: state } }),
          r.status as 400,
        );
      const summary = 'The workspace was not saved.';
      const shown = ['name', 'config'];
      let config: unknown;
      let jsonError: string | undefined;
      try {
        config = JSON.parse(state.config);
      } catch (err) {
        jsonError = state.config.trim()
          ? `This is not valid JSON: ${(err as Error).message}`
          : 'Enter a JSON object ({} for no configuration).';
      }
      // The API's own rules for a change (PATCH /api/v1/workspaces/{id}/), the same messages.
      const parsed = patchBody(WorkspaceUpdateSchema).safeParse({
        name: state.name,
        ...(jsonError === undefined && { config }),
      });
      if (!parsed.success || jsonError) {
        const r = parsed.success
          ? { error: summary, fields: {}, status: 400 }
          : invalidForm(parsed.error.issues, summary, shown);
        return again({ ...r, fields: { ...r.fields, ...(jsonError && { config: jsonError }) } });
      }
      try {
        await updateWorkspace(p.ctx, v.ws.id, parsed.data);
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
        return again(refusal(err, summary, shown));
      }
      return c.redirect(`/ui/workspaces/${v.ws.id}/?saved=1`, 303);
    }),
  );

  registerMemberRoutes(ui, deps, {
    kind: 'workspace',
    path: '/ui/workspaces/:id/members/',
    back: (id) => `/ui/workspaces/${id}/`,
    again: async (c, p, id, s) =>
      c.html(workspacePage(p, await view(p, id), { error: s.error, members: s }), s.status as 400),
    frame: async (p, id) => {
      const ws = await getWorkspace(p.ctx, id);
      return {
        header: workspaceCrumbs(await getOrganization(p.ctx, ws.organization), ws),
        name: ws.name,
      };
    },
  });

  ui.get(
    '/ui/workspaces/:id/delete/',
    page('organizations', async (c, p) => {
      const v = await view(p, idParam(c));
      return c.html(workspaceDeletePage(p, v));
    }),
  );

  ui.post(
    '/ui/workspaces/:id/delete/',
    page('organizations', async (c, p) => {
      const v = await view(p, idParam(c));
      try {
        await deleteWorkspace(p.ctx, v.ws.id);
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
        return c.html(workspaceDeletePage(p, v, err.message), STATUS_OF[err.kind] as 400);
      }
      return c.redirect(`/ui/organizations/${v.org.id}/workspaces/?deleted=1`, 303);
    }),
  );
}

function workspacePage(p: PageContext, v: WorkspaceView, s: WorkspaceState = {}): string {
  const { ws, org } = v;
  const fields = s.settings?.fields ?? {};
  const configText = s.settings?.form.config ?? pretty(ws.config);
  const empty = Object.keys(ws.config).length === 0;
  return layout(
    ws.name,
    html`${workspaceTabs(org, ws, 'overview')}
      <div class="card">
        <h1>${ws.name}</h1>
        ${alerts(s)}
        <dl id="workspace">
          <dt>Organization</dt>
          <dd><a href="/ui/organizations/${org.id}/">${org.name}</a></dd>
          <dt>Organization ID</dt>
          <dd>${copyText('organization-id', 'organization ID', org.id)}</dd>
          <dt>Workspace ID</dt>
          <dd>${copyText('workspace-id', 'workspace ID', ws.id)}</dd>
          <dt>Your role here</dt>
          <dd>${v.role ? EFFECTIVE_ROLE_NAMES[v.role] : '–'}</dd>
          <dt>Created</dt>
          <dd>${minute(ws.created_at, '')}</dd>
          <dt>Last changed</dt>
          <dd>${minute(ws.updated_at, '')}</dd>
        </dl>
      </div>
      ${kubernetesCard(org, ws)}
      <div class="card">
        <h2>Configuration</h2>
        ${
          empty
            ? html`<p id="no-config" class="muted">No configuration yet.</p>`
            : // Wrapped, not scrolled: a configuration with blocks has lines wider than a phone.
              html`<pre id="config" class="block">${pretty(ws.config)}</pre>`
        }
      </div>
      ${
        v.canConfigure
          ? html`<div class="card">
              <h2>Change the workspace</h2>
              <form
                id="settings"
                method="post"
                action="/ui/workspaces/${ws.id}/"
                data-busy="Saving…"
                novalidate
              >
                ${csrfField(p.csrf)}
                ${nameField({ value: s.settings?.form.name ?? ws.name, error: fields.name, maxlength: 200, schema: WorkspaceCreateSchema.shape.name })}
                <label for="config-input">Configuration (a JSON object)</label>
                <textarea
                  id="config-input"
                  name="config"
                  rows="12"
                  cols="60"
                  spellcheck="false"
                  aria-describedby="config-hint${fields.config ? ' config-input-error' : ''}"
                  ${fields.config ? html`aria-invalid="true"` : ''}
                >
${configText}</textarea>
                <p id="config-hint" class="hint">
                  The whole configuration is replaced by what you save. At most 32 levels deep.
                </p>
                ${fieldError('config-input', fields.config)}
                <button type="submit">Save</button>
              </form>
            </div>`
          : ''
      }
      <div class="card" id="members-card">
        <h2>Members</h2>
        <p class="muted">
          The Org Admins of ${org.name} manage this workspace too, without a membership here.
        </p>
        ${membersSection(p, v.place, v.members, s.members, 'h3')}
      </div>
      ${
        v.canDelete
          ? html`<div class="card">
              <h2>Delete the workspace</h2>
              <p>A workspace can be deleted once it has no buckets.</p>
              <p><a id="delete-workspace" href="/ui/workspaces/${ws.id}/delete/">Delete ${ws.name}…</a></p>
            </div>`
          : ''
      }`,
    p.frame('organizations'),
  );
}

/**
 * What the Kubernetes operator needs to create buckets here from a namespace: its two annotations
 * (docs/operator.md), ready to copy, as a command and as YAML.
 */
function kubernetesCard(org: Organization, ws: Workspace): Html {
  const command = `kubectl annotate namespace <namespace> plinth.dev/organization=${org.id} plinth.dev/workspace=${ws.id}`;
  const yaml = `metadata:\n  annotations:\n    plinth.dev/organization: ${org.id}\n    plinth.dev/workspace: ${ws.id}`;
  return html`<div class="card" id="kubernetes">
    <h2>Buckets from Kubernetes</h2>
    <p>
      The Plinth operator creates an S3Bucket's bucket in this workspace when its namespace carries these two
      annotations. Annotate the namespace (replace <code>&lt;namespace&gt;</code>):
    </p>
    <div class="scroll">${copyText('annotate', 'the kubectl command', command, 'pre')}</div>
    <p>or put them in the namespace's manifest:</p>
    <div class="scroll">${copyText('annotations-yaml', 'the annotations as YAML', yaml, 'pre')}</div>
  </div>`;
}

/** The confirmation before a workspace is deleted, and the API's refusal if it still has buckets. */
function workspaceDeletePage(p: PageContext, v: WorkspaceView, error?: string): string {
  const { ws, org } = v;
  return layout(
    'Delete workspace',
    html`${workspaceCrumbs(org, ws)}
      <div class="card">
        <h1>Delete ${ws.name}?</h1>
        ${alerts({ error })}
        <p>
          The workspace, its configuration and its memberships are deleted. This cannot be undone. A workspace
          that still has buckets is not deleted: delete its buckets first.
        </p>
        ${confirmForm({
          action: `/ui/workspaces/${ws.id}/delete/`,
          busy: 'Deleting…',
          csrf: p.csrf,
          button: 'Delete the workspace',
          cancel: `/ui/workspaces/${ws.id}/`,
        })}
      </div>`,
    p.frame('organizations'),
  );
}
