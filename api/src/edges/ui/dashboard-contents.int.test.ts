import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { createStorageRuntime } from '../../areas/buckets/storage/runtime.ts';
import { buckets } from '../../core/db/schema/index.ts';
import { eventually } from '../../test/eventually.ts';
import { UI_ORIGIN, uiClient } from '../../test/ui-client.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import type { World } from '../../test/world.ts';

/**
 * What the dashboard shows each user (issue 33 item 3): their organizations and workspaces with
 * their roles, their buckets with occupancy and the totals per region, the recent security events
 * they may read, and the next actions they may take; never another tenant's.
 */

/** A storage configuration with two regions; nothing here talks to a cluster. */
const ON_TWO_REGIONS = {
  world: () => ({
    publicUrl: UI_ORIGIN,
    storage: createStorageRuntime(
      {
        clusters: new Map([
          [
            'unused',
            {
              name: 'unused',
              driver: 'minio' as const,
              endpoint: 'http://127.0.0.1:9',
              publicEndpoint: 'http://127.0.0.1:9',
              pathStyle: true,
              signingRegion: 'us-east-1',
              accessKey: 'unused',
              secretKey: 'unused-secret',
            },
          ],
        ]),
        regions: new Map([
          ['eu-central', 'unused'],
          ['eu-west', 'unused'],
        ]),
      },
      randomBytes(32),
    ),
  }),
};

type Tenant = Awaited<ReturnType<World['tenant']>>;

describeOnEachDatabase('what the web UI dashboard shows, with %s', ON_TWO_REGIONS, (w) => {
  const { signedIn } = uiClient(() => w);

  /** A ready bucket written straight to its table (no cluster needed), measured at `bytes`. */
  async function bucket(t: Tenant, region: string, bytes: number) {
    const [b] = await w.db
      .insert(buckets)
      .values({
        name: `dash-${randomBytes(4).toString('hex')}`,
        region,
        cluster: 'unused',
        organizationId: t.org.id,
        workspaceId: t.workspace.id,
        state: 'ready',
        accessKeyId: randomBytes(8).toString('hex'),
        secretSealed: 'unused',
        usageBytes: bytes,
        usageObjects: 3,
        usageUpdatedAt: new Date(),
      })
      .returning();
    return b!;
  }

  const regionRow = (page: string, region: string) =>
    new RegExp(`data-region="${region}"[^]*?data-count="(\\d+)"[^]*?data-bytes="(\\d+)"`)
      .exec(page)
      ?.slice(1);

  it('tells a Super Admin in no organization that they see every organization, not that they are in none', async () => {
    await w.tenant();
    const admin = await w.user({ superuser: true });
    const { home } = await signedIn(admin);
    expect(home).not.toContain('You are not a member of any organization yet');
    expect(home).toContain('id="all-organizations"');
    expect(home).toContain('You see every organization as Super Admin');
  });

  it('shows a User their workspaces with their role, their buckets with occupancy and totals per region, none of another tenant’s', async () => {
    const t = await w.tenant();
    const other = await w.tenant();
    const mine = await bucket(t, 'eu-central', 5 * 1024 * 1024);
    const theirs = await bucket(other, 'eu-central', 7 * 1024 * 1024);
    const { home } = await signedIn(t.user);
    expect(home).toMatch(new RegExp(`data-workspace="${t.workspace.id}"[^]*?data-role="user">User<`));
    expect(home).toMatch(
      new RegExp(`data-bucket="${mine.id}"[^]*?${mine.name}[^]*?data-bytes="${5 * 1024 * 1024}">5\\.0 MiB<`),
    );
    expect(regionRow(home, 'eu-central')).toEqual(['1', String(5 * 1024 * 1024)]);
    expect(regionRow(home, 'eu-west')).toEqual(['0', '0']);
    for (const id of [theirs.id, theirs.name, other.workspace.id, other.org.id])
      expect(home).not.toContain(id);
    // A User may create buckets and keys; the audit log is not theirs.
    expect(home).toContain('href="/ui/buckets/new/"');
    expect(home).toContain('href="/ui/accounts/api-keys/"');
    expect(home).not.toContain('id="recent-events"');
  });

  it('offers a Viewer no action they may not take, and no security events', async () => {
    const t = await w.tenant();
    const { home } = await signedIn(t.viewer);
    expect(home).toMatch(new RegExp(`data-workspace="${t.workspace.id}"[^]*?data-role="viewer">Viewer<`));
    expect(home).not.toContain('id="next-actions"');
    expect(home).not.toContain('href="/ui/buckets/new/"');
    expect(home).not.toContain('Recent security events');
  });

  it('shows an Org Admin the recent security events of their organization without key use, never another’s', async () => {
    const t = await w.tenant();
    const other = await w.tenant();
    const key = await w.expectStatus(201, 'POST', `/api/v1/organizations/${t.org.id}/api-keys/`, {
      token: t.orgAdmin.token,
      body: { name: 'deploy' },
    });
    await w.expectStatus(201, 'POST', `/api/v1/organizations/${other.org.id}/api-keys/`, {
      token: other.orgAdmin.token,
      body: { name: 'theirs' },
    });
    // The key used: an `api_key.used` entry of the organization, written from a buffer.
    await w.expectStatus(200, 'GET', '/api/v1/workspaces/', { token: key.token });
    await eventually('the key use recorded', async () => {
      const page = await w.expectStatus(
        200,
        'GET',
        `/api/v1/audit-log/?organization=${t.org.id}&event=api_key.used`,
        { token: t.orgAdmin.token },
      );
      return page.count > 0 || undefined;
    });
    const { home } = await signedIn(t.orgAdmin);
    expect(home).toContain('id="recent-events"');
    const events = [...home.matchAll(/data-event="([^"]+)"/g)].map((m) => m[1]);
    expect(events).toContain('api_key.created');
    expect(events).not.toContain('api_key.used');
    expect(events.length).toBeLessThanOrEqual(5);
    expect(home).toContain('API key created');
    expect(home).toContain(`id="audit-link" href="/ui/organizations/${t.org.id}/audit/"`);
    const ids = [...home.matchAll(/data-entry="(\d+)"/g)].map((m) => Number(m[1]));
    const api = await w.expectStatus(
      200,
      'GET',
      `/api/v1/audit-log/?page_size=5&exclude_event=api_key.used,service_account.used`,
      { token: t.orgAdmin.token },
    );
    expect(ids).toEqual((api.results as { id: number }[]).map((e) => e.id));
    expect(home).not.toContain(other.org.id);
    // The Org Admin's role in the workspace is the organization's.
    expect(home).toMatch(
      new RegExp(`data-workspace="${t.workspace.id}"[^]*?data-role="org_admin">Org Admin<`),
    );
  });
});
