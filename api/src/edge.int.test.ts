import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from './core/db/schema/index.ts';
import { createMetrics } from './core/metrics.ts';
import { AuditLog, registerAuditMetrics } from './core/audit/writer.ts';
import { testApp } from './test/app.ts';
import { capturedLogger } from './test/log-capture.ts';
import { migratedDatabase } from './test/databases.ts';
import { eventually } from './test/eventually.ts';
import { createWorld, describeOnEachDatabase, PASSWORD } from './test/world.ts';

/** `depth` objects nested inside each other, as JSON text. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/**
 * What a hostile or careless client can send at the edge: input PostgreSQL cannot store, numbers
 * that overflow, empty or unknown bodies, absurd nesting, impossible dates, control characters in
 * paths. Each answers with its own 4xx, never a 500, and never fails another request.
 */
describeOnEachDatabase('the edge', (w, { kind, database }) => {
  describe('pagination bounds', () => {
    it("answers a huge page with its own 400 and never fails another caller's list sent with it", async () => {
      const a = await w.tenant();
      const b = await w.tenant();
      const [victim, attacker] = await Promise.all([
        w.call('GET', '/api/v1/workspaces/', { token: a.orgAdmin.token }),
        w.call('GET', '/api/v1/workspaces/?page=100000000', { token: b.viewer.token }),
      ]);
      expect(victim.status, JSON.stringify(victim.body)).toBe(200);
      expect(victim.body.results.map((x: { id: string }) => x.id)).toEqual([a.workspace.id]);
      expect(attacker.status, JSON.stringify(attacker.body)).toBe(400);
      expect(attacker.body.errors).toEqual([expect.objectContaining({ attr: 'page', code: 'max_value' })]);
    });

    it('bounds page and page_size on every list, and says so in the OpenAPI document', async () => {
      const t = await w.tenant();
      for (const path of ['/api/v1/workspaces/', '/api/v1/organizations/', '/api/v1/users/me/api-keys/']) {
        const big = await w.call('GET', `${path}?page=1000001`, { token: t.orgAdmin.token });
        expect(big.status, `${path} ${JSON.stringify(big.body)}`).toBe(400);
        const last = await w.call('GET', `${path}?page=1000000&page_size=500`, { token: t.orgAdmin.token });
        expect([last.status, last.body.code], path).toEqual([404, 'invalid_page']);
      }
      const doc = await w.expectStatus(200, 'GET', '/api/v1/schema/');
      // Every list references the shared `Page` and `PageSize` parameters.
      expect(doc.paths['/api/v1/workspaces/'].get.parameters).toEqual(
        expect.arrayContaining([
          { $ref: '#/components/parameters/Page' },
          { $ref: '#/components/parameters/PageSize' },
        ]),
      );
      expect(doc.components.parameters.Page.schema.maximum).toBe(1_000_000);
      expect(doc.components.parameters.PageSize.schema.maximum).toBe(500);
    });
  });

  describe('input PostgreSQL cannot store', () => {
    it('keeps auditing API key uses after a request with %00 in its path', async () => {
      const t = await w.tenant();
      const key = await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
        token: t.user.token,
        body: { name: 'probe' },
      });
      const hostile = await w.call('GET', '/api/v1/workspaces/%00/', { token: key.token });
      expect(hostile.status).toBe(400);
      expect(hostile.body.errors).toEqual([
        { attr: 'id', code: 'invalid_character', detail: expect.stringContaining('cannot be stored') },
      ]);
      await w.expectStatus(200, 'GET', '/api/v1/workspaces/', { token: key.token });
      const written = await eventually(
        'the api_key.used entry of the normal request',
        async () => {
          await w.env.audit.flush();
          const rows = await database.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.event, 'api_key.used'), eq(auditLog.apiKeyId, key.id)));
          return rows.length > 0 ? rows : undefined;
        },
        { timeoutMs: 3000 },
      );
      expect(written.map((r) => r.details.endpoint)).toContain('GET /api/v1/workspaces/');
      expect(w.env.audit.pending).toBe(0);
    });

    it('refuses NUL and unpaired surrogates in any JSON string or key, naming the field', async () => {
      const t = await w.tenant();
      const res = await w.call('POST', '/api/v1/workspaces/', {
        token: t.orgAdmin.token,
        body: {
          organization: t.org.id,
          name: 'fine',
          config: { events: { handler: 'bad\u0000value' }, list: ['ok', '\ud800'], ['k\u0000']: 1 },
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      const found = res.body.errors.map((e: { attr: string; code: string }) => `${e.attr} ${e.code}`);
      expect(found.sort()).toEqual([
        'config.events.handler invalid_character',
        'config.k\ufffd invalid_character',
        'config.list.1 invalid_character',
      ]);
      const after = await w.expectStatus(200, 'GET', `/api/v1/workspaces/?organization=${t.org.id}`, {
        token: t.orgAdmin.token,
      });
      expect(after.count).toBe(1);
    });

    it('refuses NUL in query parameters and in the unauthenticated login', async () => {
      const t = await w.tenant();
      const query = await w.call('GET', '/api/v1/workspaces/?organization=%00', { token: t.orgAdmin.token });
      expect(query.status).toBe(400);
      expect(query.body.errors).toEqual([
        expect.objectContaining({ attr: 'organization', code: 'invalid_character' }),
      ]);
      const login = await w.call('POST', '/api/login/', {
        body: { username: `${t.viewer.username}\u0000`, password: 'whatever-it-is' },
      });
      expect(login.status, JSON.stringify(login.body)).toBe(400);
      expect(login.body.errors).toEqual([
        expect.objectContaining({ attr: 'username', code: 'invalid_character' }),
      ]);
    });

    it('writes the other entries of an audit batch that holds one the database refuses, and counts it', async () => {
      const logs = capturedLogger();
      const metrics = createMetrics({ processMetrics: false });
      const audit = new AuditLog(database.db, logs.logger, { flushMs: 60_000 });
      registerAuditMetrics(metrics.registry, audit);
      const marker = `batch-${kind}-${Date.now()}`;
      audit.enqueue({ event: 'api_key.used', requestId: `${marker}-1`, details: { endpoint: 'GET /a/' } });
      audit.enqueue({
        event: 'api_key.used',
        requestId: `${marker}-2`,
        details: { endpoint: 'GET /\u0000secret-bit/' },
      });
      audit.enqueue({ event: 'api_key.used', requestId: `${marker}-3`, details: { endpoint: 'GET /c/' } });
      await audit.flush();
      const rows = await database.db
        .select({ requestId: auditLog.requestId })
        .from(auditLog)
        .where(sql`${auditLog.requestId} like ${`${marker}-%`}`)
        .orderBy(auditLog.requestId);
      expect(rows.map((r) => r.requestId)).toEqual([`${marker}-1`, `${marker}-3`]);
      expect(audit.pending).toBe(0);
      expect(audit.failed).toBe(1);
      expect(logs.text()).toContain('audit entry refused by the database');
      expect(logs.text()).not.toContain('secret-bit');
      // Later entries are not held up behind it.
      audit.enqueue({ event: 'api_key.used', requestId: `${marker}-4` });
      await audit.flush();
      expect(audit.pending).toBe(0);
      const text = await metrics.registry.metrics();
      expect(text).toMatch(/^plinth_audit_entries_failed_total 1$/m);
      expect(text).toMatch(/^plinth_audit_entries_dropped_total 0$/m);
      expect(text).toMatch(/^plinth_audit_entries_pending 0$/m);
      await audit.close();
    });
  });

  describe('ordinary bad input is a 4xx', () => {
    it('refuses empty and unknown-only PATCH bodies of organizations and workspaces with 400', async () => {
      const t = await w.tenant();
      for (const path of [`/api/v1/organizations/${t.org.id}/`, `/api/v1/workspaces/${t.workspace.id}/`]) {
        const none = await w.env.app.request(path, {
          method: 'PATCH',
          headers: { Authorization: `Bearer ${t.orgAdmin.token}` },
        });
        expect(none.status, `${path} without a body: ${await none.clone().text()}`).toBe(400);
        const empty = await w.call('PATCH', path, { token: t.orgAdmin.token, body: {} });
        expect(empty.status, `${path} {}: ${JSON.stringify(empty.body)}`).toBe(400);
        const unknown = await w.call('PATCH', path, { token: t.orgAdmin.token, body: { colour: 'red' } });
        expect(unknown.status, `${path} unknown: ${JSON.stringify(unknown.body)}`).toBe(400);
        expect(unknown.body.errors).toContainEqual(
          expect.objectContaining({ attr: 'colour', code: 'unknown_field' }),
        );
      }
      const doc = await w.expectStatus(200, 'GET', '/api/v1/schema/');
      for (const name of ['OrganizationUpdate', 'WorkspaceUpdate', 'UserUpdate']) {
        expect(doc.components.schemas[name], name).toMatchObject({
          minProperties: 1,
          additionalProperties: false,
        });
      }
    });

    it('caps the nesting of a workspace config with a field error, declared in the document', async () => {
      const t = await w.tenant();
      const deep = await w.env.app.request('/api/v1/workspaces/', {
        method: 'POST',
        headers: { Authorization: `Bearer ${t.orgAdmin.token}`, 'Content-Type': 'application/json' },
        body: `{"organization":"${t.org.id}","name":"deep","config":${nested(5000)}}`,
      });
      const body = (await deep.json()) as { errors?: { attr: string; code: string }[] };
      expect(deep.status, JSON.stringify(body)).toBe(400);
      expect(body.errors).toEqual([expect.objectContaining({ attr: 'config', code: 'max_depth' })]);
      const patch = await w.call('PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
        token: t.orgAdmin.token,
        body: { config: JSON.parse(nested(33)) },
      });
      expect(patch.status).toBe(400);
      await w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
        token: t.orgAdmin.token,
        body: { config: JSON.parse(nested(31)) },
      });
      const doc = await w.expectStatus(200, 'GET', '/api/v1/schema/');
      expect(doc.components.schemas.Workspace.properties.config.description).toContain('32 levels');
    });

    it('refuses audit-log dates PostgreSQL cannot hold with 400', async () => {
      const root = await w.user({ superuser: true });
      for (const q of [
        'since=0000-01-01T00:00:00Z',
        'until=0001-01-01T00:30:00%2B01:00',
        'since=2024-02-30T00:00:00Z',
      ]) {
        const res = await w.call('GET', `/api/v1/audit-log/?${q}`, { token: root.token });
        expect(res.status, `${q}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.errors[0].attr).toBe(q.split('=')[0]);
      }
      await w.expectStatus(200, 'GET', '/api/v1/audit-log/?since=0001-01-02T00:00:00Z', {
        token: root.token,
      });
    });

    it('redirects a slashless path with CR LF in it without a server error', async () => {
      const res = await w.env.app.request('/api/v1/foo%0d%0aX:1');
      expect(res.status).toBe(308);
      expect(res.headers.get('location')).toBe('/api/v1/foo%0d%0aX:1/');
    });

    it('answers methods /users/me/ does not support with 405 and Allow, not as /users/{id}/', async () => {
      const t = await w.tenant();
      const res = await w.call('PATCH', '/api/v1/users/me/', {
        token: t.user.token,
        body: { full_name: 'x' },
      });
      expect([res.status, res.body.code]).toEqual([405, 'method_not_allowed']);
      expect(res.headers.get('allow')).toBe('GET');
      await w.expectStatus(200, 'GET', '/api/v1/users/me/', { token: t.user.token });
    });
  });

  describe('response headers', () => {
    it('marks every /api/ response no-store and every response nosniff; HSTS only when configured', async () => {
      const t = await w.tenant();
      const login = await w.call('POST', '/api/login/', {
        body: { username: t.user.username, password: PASSWORD },
      });
      expect(login.status).toBe(200);
      const key = await w.call('POST', '/api/v1/users/me/api-keys/', {
        token: t.user.token,
        body: { name: 'h' },
      });
      const error = await w.call('GET', '/api/v1/workspaces/', { token: 'plu_nonsense' });
      // A handler's own Response (204, the NDJSON export) gets them after it returns.
      const revoked = await w.call(
        'DELETE',
        `/api/v1/users/me/api-keys/${(key.body as { id: string }).id}/`,
        {
          token: t.user.token,
        },
      );
      expect(revoked.status).toBe(204);
      const exported = await w.call('GET', '/api/v1/audit-log/export/', { token: t.orgAdmin.token });
      expect(exported.status).toBe(200);
      for (const [what, res] of [
        ['login', login],
        ['key creation', key],
        ['an error', error],
        ['a revocation', revoked],
        ['the audit export', exported],
      ] as const) {
        expect(res.headers.get('cache-control'), what).toBe('no-store');
        expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
        expect(res.headers.get('strict-transport-security'), what).toBeNull();
        expect(res.headers.get('x-request-id'), what).toMatch(/^[0-9a-f-]{36}$/);
      }
      for (const path of ['/healthz', '/nope', '/api/docs/']) {
        const res = await w.env.app.request(path);
        expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      }
      const hsts = testApp(database, { hstsMaxAgeSeconds: 31_536_000 });
      try {
        for (const path of ['/healthz', '/api/v1/schema/', '/api/v1/workspaces/']) {
          const res = await hsts.app.request(path);
          expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000');
        }
      } finally {
        await hsts.close();
      }
    });
  });

  describe('logs', () => {
    it("never logs a failed statement's parameters (password hashes, token hashes, names)", async () => {
      const scratch = await migratedDatabase(kind);
      const world = createWorld(scratch);
      try {
        const root = await world.user({ superuser: true });
        // Rows these names would make are refused by the database, so the statements fail with their
        // parameters (a password hash, a token hash) in the driver's error message.
        await scratch.db.execute(
          sql.raw(
            `alter table users add constraint refuse_probe check (username not like 'probe-user-%') not valid`,
          ),
        );
        await scratch.db.execute(
          sql.raw(
            `alter table api_keys add constraint refuse_probe check (name not like 'probe-key-%') not valid`,
          ),
        );
        const username = `probe-user-${kind}`;
        const keyName = `probe-key-${kind}`;
        const user = await world.call('POST', '/api/v1/users/', {
          token: root.token,
          body: { username, password: 'a-password-long-enough' },
        });
        const key = await world.call('POST', '/api/v1/users/me/api-keys/', {
          token: root.token,
          body: { name: keyName },
        });
        expect([user.status, key.status]).toEqual([500, 500]);
        const logs = world.env.logs.text();
        expect(logs).toContain('unhandled error');
        expect(logs).toContain('    at ');
        for (const trace of [username, keyName, 'params', 'scrypt$', 'argon2']) {
          expect(logs.includes(trace), `"${trace}" in the logs`).toBe(false);
        }
        expect(logs).not.toMatch(/[0-9a-f]{64}/);
      } finally {
        await world.env.close();
        await scratch.close();
      }
    });
  });
});
