import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../core/db/schema/index.ts';
import { operationIdFor } from '../http/openapi.ts';
import { demoArea } from '../test/demo-area/index.ts';
import { CREATE_NOTES, notes } from '../test/demo-area/table.ts';
import { eventually } from '../test/eventually.ts';
import { UI_SUITE, uiClient } from '../test/ui-client.ts';
import { describeOnEachDatabase } from '../test/world.ts';
import { backgroundWork } from './area.ts';
import { AREAS } from './index.ts';

const NOTES = (id: string) => `/api/v1/workspaces/${id}/notes/`;
const LIST_TOOL = operationIdFor('get', '/api/v1/workspaces/{id}/notes/', false);
const CREATE_TOOL = operationIdFor('post', '/api/v1/workspaces/{id}/notes/', false);

/**
 * The promise of docs/development.md ("Adding an area") and ADR 0009, checked: an area that is one
 * folder (api/src/test/demo-area/) and one entry in the app's areas brings its routes into the
 * OpenAPI document, its actions and scopes into the policy, its audit event and error code into
 * their enums and the log, its tools into MCP, its page and navigation into the web UI, and its
 * schedule and job into the process's background work, with no other file knowing of it.
 */
describeOnEachDatabase(
  'an area added as one folder and one line',
  { world: { ...UI_SUITE.world, areas: [...AREAS, demoArea] } },
  (w, { database }) => {
    const ui = uiClient(() => w);
    let t: Awaited<ReturnType<typeof w.tenant>>;

    beforeAll(async () => {
      for (const statement of CREATE_NOTES) await database.db.execute(statement);
      t = await w.tenant();
    });

    it('publishes its routes, tag, action, MCP exposure, scopes, event and error code in the document', async () => {
      const doc = await w.expectStatus(200, 'GET', '/api/v1/schema/');
      const path = doc.paths['/api/v1/workspaces/{id}/notes/'];
      expect(path.get).toMatchObject({ tags: ['notes'], 'x-plinth-action': 'note.view', 'x-plinth-mcp': {} });
      expect(path.post).toMatchObject({ 'x-plinth-action': 'note.create', operationId: CREATE_TOOL });
      expect(doc.tags.map((tag: { name: string }) => tag.name)).toContain('notes');
      expect(doc.components.schemas.AuditEvent.enum).toContain('note.created');
      expect(doc.components.schemas.Scope.enum).toEqual(
        expect.arrayContaining(['notes:read', 'notes:write']),
      );
      const codes = Object.values(doc.components.schemas as Record<string, any>).find(
        (s) => s.properties?.code?.enum,
      ).properties.code.enum;
      expect(codes).toContain('note_exists');
    });

    it('is decided by its policy: roles, scopes, other tenants, no credential', async () => {
      await w.expectStatus(401, 'GET', NOTES(t.workspace.id));
      const made = await w.expectStatus(201, 'POST', NOTES(t.workspace.id), {
        token: t.user.token,
        body: { text: 'first' },
      });
      expect(made).toMatchObject({ workspace: t.workspace.id, text: 'first' });
      // A Viewer reads but may not write; another tenant's admin does not see the workspace.
      const seen = await w.expectStatus(200, 'GET', NOTES(t.workspace.id), { token: t.viewer.token });
      expect(seen.results.map((n: { text: string }) => n.text)).toContain('first');
      const refused = await w.expectStatus(403, 'POST', NOTES(t.workspace.id), {
        token: t.viewer.token,
        body: { text: 'viewer' },
      });
      expect(refused.code).toBe('permission_denied');
      const other = await w.tenant();
      await w.expectStatus(404, 'GET', NOTES(t.workspace.id), { token: other.orgAdmin.token });
      await w.expectStatus(404, 'POST', NOTES(t.workspace.id), {
        token: other.orgAdmin.token,
        body: { text: 'other' },
      });

      // Its scopes are a key's scopes: `notes:read` reads and does not write; another area's scope does neither.
      const key = async (scopes: string[]) =>
        (
          await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
            token: t.user.token,
            body: { name: w.unique('notes'), scopes },
          })
        ).token as string;
      const reader = await key(['notes:read']);
      await w.expectStatus(200, 'GET', NOTES(t.workspace.id), { token: reader });
      const noWrite = await w.expectStatus(403, 'POST', NOTES(t.workspace.id), {
        token: reader,
        body: { text: 'by key' },
      });
      expect(noWrite.code).toBe('insufficient_scope');
      const elsewhere = await w.expectStatus(403, 'GET', NOTES(t.workspace.id), {
        token: await key(['buckets:read']),
      });
      expect(elsewhere.code).toBe('insufficient_scope');
      await w.expectStatus(201, 'POST', NOTES(t.workspace.id), {
        token: await key(['notes:write']),
        body: { text: 'by key' },
      });
    });

    it('records its audit event and answers its own error code', async () => {
      const made = await w.expectStatus(201, 'POST', NOTES(t.workspace.id), {
        token: t.workspaceAdmin.token,
        body: { text: 'audited' },
      });
      const [entry] = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.event, 'note.created'), sql`${auditLog.details}->>'note' = ${made.id}`));
      expect(entry).toMatchObject({ actorUserId: t.workspaceAdmin.id, organizationId: t.org.id });
      const again = await w.expectStatus(409, 'POST', NOTES(t.workspace.id), {
        token: t.workspaceAdmin.token,
        body: { text: 'audited' },
      });
      expect(again.code).toBe('note_exists');
    });

    it('offers its routes as MCP tools', async () => {
      const res = await w.call('POST', '/mcp', {
        token: t.user.token,
        body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        headers: { Accept: 'application/json, text/event-stream' },
      });
      expect(res.status, res.text).toBe(200);
      const names = res.body.result.tools.map((tool: { name: string }) => tool.name);
      expect(names).toEqual(expect.arrayContaining([LIST_TOOL, CREATE_TOOL]));
    });

    it('adds its page and its navigation entry to the web UI', async () => {
      await w.expectStatus(201, 'POST', NOTES(t.workspace.id), {
        token: t.user.token,
        body: { text: 'on the page' },
      });
      const user = await ui.signedIn(t.user);
      expect(user.home).toContain('href="/ui/notes/"');
      const page = await user.get('/ui/notes/');
      expect(page.status).toBe(200);
      expect(page.text).toContain('on the page');
      expect(page.text).toMatch(
        /href="\/ui\/notes\/"[^>]*aria-current="page"|aria-current="page"[^>]*href="\/ui\/notes\/"/,
      );
      // Another tenant's user gets the page without this tenant's notes.
      const stranger = await ui.signedIn((await w.tenant()).user);
      expect((await stranger.get('/ui/notes/')).text).not.toContain('on the page');
    });

    describe('its background work', () => {
      let work: ReturnType<typeof backgroundWork> | undefined;
      afterAll(async () => {
        await work?.stop();
      });

      it('runs its schedule and its job through the process’s background work', async () => {
        const made = await w.expectStatus(201, 'POST', NOTES(t.workspace.id), {
          token: t.user.token,
          body: { text: 'to be stamped' },
        });
        const stampedAt = async () =>
          (await database.db.select().from(notes).where(eq(notes.id, made.id)))[0]?.stampedAt ?? null;
        expect(await stampedAt()).toBeNull();
        work = backgroundWork([demoArea], {
          db: database.db,
          audit: w.env.audit,
          storage: w.env.storage,
          runs: w.env.runs,
          events: w.env.events,
          logger: w.env.logs.logger,
        });
        work.start();
        await eventually('the note stamped by the area’s job', async () => (await stampedAt()) ?? undefined, {
          timeoutMs: 15_000,
        });
      });
    });
  },
);
