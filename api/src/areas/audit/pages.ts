import type { Context, Hono } from 'hono';
import type { AreaPageDeps } from '../area.ts';
import { KEY_USE_EVENTS } from './labels.ts';
import { auditPage, FILTERS } from './pages/view.ts';
import type { FilterName, Names, Place, RawFilters, Result } from './pages/view.ts';
import { actorByUsername, actorNames, exportAudit, listAudit } from './query.ts';
import { AuditFilterSchema, AuditListQuerySchema } from './schema.ts';
import type { AuditEntry, AuditFilter, AuditListQuery } from './schema.ts';
import { listMembers, membershipsOfUser, membersPlace } from '../members/public.ts';
import { getOrganization, listOrganizations } from '../organizations/public.ts';
import { listWorkspaces } from '../workspaces/public.ts';
import { fieldErrors } from '../../core/validation.ts';
import { html } from '../../ui/html.ts';
import type { PageContext, UiEnv } from '../../ui/context.ts';
import { idParam, pagesWith } from '../../ui/context.ts';
import { layout } from '../../ui/layout.ts';
import { organizationTabs } from '../../ui/tabs.ts';

/**
 * The audit log in the browser: the whole log under Administration (Super Admins) and one
 * organization's on its Audit log tab (its Org Admins). A GET filter form with the API's filters
 * (event, actor, organization, time range, key use hidden by default), the API's pages, and an
 * export of the filtered entries in the API's format (NDJSON), all through the audit service with
 * the session's principal. The view is pages/view.ts.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A `datetime-local` value (`2026-05-01T09:30`, seconds optional) read as UTC, in the API's ISO
 * form; anything else is passed on as typed, for the API's own message.
 */
export function utcInstant(value: string): string {
  const m = /^(\d{4,}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d{1,9})?)?$/.exec(value);
  if (!m) return value;
  return `${m[1]}T${m[2]}${m[3] ?? ':00'}Z`;
}

/** Field errors keyed by field, the first per field (a malformed time fails two checks). */
function firstErrors(errors: readonly { attr: string; detail: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) out[e.attr] ??= e.detail;
  return out;
}

/**
 * Whether key use is hidden: yes unless the form said no (its hidden `0` without the box's `1`);
 * a first visit, a link or a page of results without the field hides it.
 */
function hidesKeyUse(c: Context<UiEnv>): boolean {
  const sent = c.req.queries('hide_key_use');
  return !sent?.length || sent.includes('1');
}

export function registerAuditPages(ui: Hono<UiEnv>, deps: AreaPageDeps): void {
  const page = pagesWith(deps);

  const globalPlace: Place = {
    base: '/ui/administration/audit-log/',
    section: 'admin',
    title: 'Audit log',
    header: html`<p class="crumbs"><a href="/ui/administration/">Administration</a> / Audit log</p>`,
    organization: null,
  };

  /**
   * The whole log is the Super Admins' (the API would give an Org Admin their organizations'
   * entries there; the UI sends them to each organization's tab instead, and says so).
   */
  const refusal = async (c: Context<UiEnv>, p: PageContext): Promise<Response> => {
    const admin = (await membershipsOfUser(p.ctx, p.session.userId)).filter((m) => m.role === 'admin');
    return c.html(
      layout(
        'Not possible',
        html`<div class="card">
          <h1>Not possible</h1>
          <p class="error" role="alert">
            ${
              admin.length
                ? 'The whole audit log is for Super Admins. Read your organizations’ logs on their Audit log tabs:'
                : 'Only Super Admins and Org Admins can read the audit log.'
            }
          </p>
          ${
            admin.length
              ? html`<ul id="audit-tabs" class="plain">
                  ${admin.map((m) => html`<li><a href="/ui/organizations/${m.id}/audit/">Audit log of ${m.organization}</a></li>`)}
                </ul>`
              : ''
          }
          <p><a href="/ui/">Back to the dashboard</a></p>
        </div>`,
        p.frame('admin'),
      ),
      403,
    );
  };

  const organizationPlace = async (c: Context<UiEnv>, p: PageContext): Promise<Place> => {
    // Not a member (or no such organization): not found, as on the API.
    const org = await getOrganization(p.ctx, idParam(c, 'org'));
    return {
      base: `/ui/organizations/${org.id}/audit/`,
      section: 'organizations',
      title: `Audit log of ${org.name}`,
      header: organizationTabs(org, 'audit', { admin: true }),
      organization: { id: org.id, name: org.name, slug: org.slug },
    };
  };

  /** The filters as typed (trimmed; empty ones left out). */
  const rawFilters = (c: Context<UiEnv>, place: Place): RawFilters => {
    const raw: RawFilters = {};
    for (const name of FILTERS) {
      if (name === 'organization' && place.organization) continue;
      const v = c.req.query(name)?.trim();
      if (v) raw[name] = v;
    }
    return raw;
  };

  /**
   * The API's filter input from what was typed: times read as UTC, a username (for those who may
   * see users) resolved to its ID, the tab's organization fixed. Returns the input and any error
   * the UI itself found.
   */
  const filterInput = async (
    p: PageContext,
    place: Place,
    raw: RawFilters,
    hideKeyUse: boolean,
  ): Promise<{ input: Record<string, unknown>; errors: Record<string, string> }> => {
    const input: Record<string, unknown> = {};
    const errors: Record<string, string> = {};
    if (raw.event) input.event = raw.event;
    // An event filter naming a kind of key use asks for it: never hide what was asked for.
    const excluded = hideKeyUse ? KEY_USE_EVENTS.filter((ev) => ev !== raw.event) : [];
    if (excluded.length) input.exclude_event = excluded.join(',');
    if (raw.organization) input.organization = raw.organization;
    if (place.organization) input.organization = place.organization.id;
    if (raw.since) input.since = utcInstant(raw.since);
    if (raw.until) input.until = utcInstant(raw.until);
    if (raw.actor) {
      input.actor = raw.actor;
      if (!UUID.test(raw.actor) && p.principal.superuser) {
        const id = await actorByUsername(p.ctx, raw.actor);
        if (id) input.actor = id;
        else errors.actor = 'No user has this username.';
      }
    }
    return { input, errors };
  };

  /** The list: validated by the API's query schema first, then read through the service. */
  const read = async (c: Context<UiEnv>, p: PageContext, place: Place): Promise<Result> => {
    const raw = rawFilters(c, place);
    const hideKeyUse = hidesKeyUse(c);
    const { input, errors: own } = await filterInput(p, place, raw, hideKeyUse);
    const pageRaw = c.req.query('page')?.trim();
    const sizeRaw = c.req.query('page_size')?.trim();
    if (pageRaw) input.page = pageRaw;
    if (sizeRaw) input.page_size = sizeRaw;
    const parsed = AuditListQuerySchema.safeParse(input);
    if (!parsed.success || Object.keys(own).length) {
      // The API decides first whether the caller may read this log at all (403 before 400).
      if (place.organization)
        await listAudit(p.ctx, new URL('http://ui/'), {
          page: 1,
          page_size: 1,
          organization: place.organization.id,
        });
      const errors = { ...(parsed.success ? {} : firstErrors(fieldErrors(parsed.error.issues))), ...own };
      const general = Object.entries(errors)
        .filter(([k]) => !FILTERS.includes(k as FilterName))
        .map(([k, v]) => `${k}: ${v}`);
      return {
        raw,
        hideKeyUse,
        errors,
        page: null,
        pageNumber: 1,
        pageSize: 50,
        error: `The filters are not valid${general.length ? ` (${general.join(' ')})` : ''}.`,
      };
    }
    const query: AuditListQuery = parsed.data;
    const result = await listAudit(p.ctx, new URL(c.req.url), query);
    return { raw, hideKeyUse, errors: {}, page: result, pageNumber: query.page, pageSize: query.page_size };
  };

  /**
   * Names for the IDs on the page, from what the reader may see: organizations (all for the whole
   * log, the tab's own), workspaces they can list, and users: every actor for Super Admins (who
   * may see users), the organization's members on a tab.
   */
  const names = async (p: PageContext, place: Place, entries: readonly AuditEntry[]): Promise<Names> => {
    const url = new URL('http://ui/');
    const all = { page: 1, page_size: 500 };
    let organizations = new Map<string, string>();
    let choices: { id: string; name: string }[] = [];
    if (place.organization) organizations.set(place.organization.id, place.organization.name);
    else {
      const orgs = await listOrganizations(p.ctx, url, all);
      choices = orgs.results.map((o) => ({ id: o.id, name: `${o.name} (${o.slug})` }));
      organizations = new Map(orgs.results.map((o) => [o.id, o.name]));
    }
    const workspaces = new Map(
      (await listWorkspaces(p.ctx, url, { ...all, organization: place.organization?.id })).results.map(
        (w) => [w.id, w.name],
      ),
    );
    const userIds = new Set<string>();
    for (const e of entries) {
      if (e.actor) userIds.add(e.actor);
      for (const k of ['user', 'user_id'])
        if (typeof e.details?.[k] === 'string' && UUID.test(e.details[k])) userIds.add(e.details[k]);
    }
    let users = new Map<string, string>();
    if (p.principal.superuser) users = userIds.size ? await actorNames(p.ctx, [...userIds]) : users;
    else if (place.organization) {
      const target = (await membersPlace(p, 'organization', place.organization.id)).target;
      const members = await listMembers(p.ctx, target, url, all);
      users = new Map(members.results.map((m) => [m.user, m.username]));
    }
    return { organizations, choices, users, workspaces };
  };

  const show = async (c: Context<UiEnv>, p: PageContext, place: Place) => {
    const result = await read(c, p, place);
    const n = await names(p, place, result.page?.results ?? []);
    return c.html(auditPage(p, place, result, n), result.page ? 200 : 400);
  };

  const download = async (c: Context<UiEnv>, p: PageContext, place: Place) => {
    const raw = rawFilters(c, place);
    const { input, errors: own } = await filterInput(p, place, raw, hidesKeyUse(c));
    const parsed = AuditFilterSchema.safeParse(input);
    if (!parsed.success || Object.keys(own).length) return show(c, p, place);
    const filter: AuditFilter = parsed.data;
    // Streamed by the service in batches of 1,000 entries: no size limit to enforce here.
    const stream = await exportAudit(p.ctx, filter);
    const name = place.organization ? `plinth-audit-log-${place.organization.slug}` : 'plinth-audit-log';
    return c.body(stream, 200, {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}.ndjson"`,
    });
  };

  ui.get(
    '/ui/administration/audit-log/',
    page('admin', async (c, p) => (p.principal.superuser ? show(c, p, globalPlace) : refusal(c, p))),
  );
  ui.get(
    '/ui/administration/audit-log/export/',
    page('admin', async (c, p) => (p.principal.superuser ? download(c, p, globalPlace) : refusal(c, p))),
  );
  ui.get(
    '/ui/organizations/:org/audit/',
    page('organizations', async (c, p) => show(c, p, await organizationPlace(c, p))),
  );
  ui.get(
    '/ui/organizations/:org/audit/export/',
    page('organizations', async (c, p) => download(c, p, await organizationPlace(c, p))),
  );
}
