import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stringify as stringifyYaml } from 'yaml';
import { auditLog } from '../../api/src/core/db/schema/index.ts';
import { buckets } from '../../api/src/core/db/schema/index.ts';
import { loadServiceAccountsConfig, ServiceAccountVerifier } from '../../api/src/auth/service-accounts.ts';
import { eventually } from '../../api/src/test/eventually.ts';
import { createWorld, describeOnEachDatabase } from '../../api/src/test/world.ts';
import type { World } from '../../api/src/test/world.ts';
import { CONTROL_PLANE_START_TIMEOUT_MS, startControlPlane } from '../src/test/control-plane.ts';
import type { ControlPlane } from '../src/test/control-plane.ts';

/**
 * Two clusters' ServiceAccount issuers trusted by one API (issue 27, item 3): each mapping in
 * `service_accounts` is bound to one issuer, so cluster B's `plinth-system/plinth-operator` is not
 * cluster A's. Two real kube-apiservers (etcd and kube-apiserver each, no controller manager) mint
 * the tokens; the API runs in-process on each database, configured through the PLINTH_CONFIG
 * loader as in production, and reads each cluster's discovery and keys with its CA and a token.
 */

const NS = 'plinth-system';
const OPERATOR = `system:serviceaccount:${NS}:plinth-operator`;

interface Cluster {
  readonly cp: ControlPlane;
  /** A token of the cluster's `plinth-api` ServiceAccount, for discovery and the JWKS. */
  readonly discoveryTokenFile: string;
  /** A TokenRequest token of `plinth-operator` with audience `plinth`. */
  readonly operatorToken: string;
}

async function kubectl(cp: ControlPlane, args: string[], input?: string): Promise<string> {
  const r = await cp.kubectl(args, input === undefined ? {} : { input });
  if (r.code !== 0) throw new Error(`kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

async function prepare(cp: ControlPlane, dir: string, name: string): Promise<Cluster> {
  await kubectl(
    cp,
    ['apply', '-f', '-'],
    JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } }),
  );
  for (const sa of ['plinth-operator', 'plinth-api'])
    await kubectl(
      cp,
      ['apply', '-f', '-'],
      JSON.stringify({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: sa, namespace: NS } }),
    );
  const discoveryTokenFile = join(dir, `${name}-api-token`);
  writeFileSync(discoveryTokenFile, (await kubectl(cp, ['create', 'token', 'plinth-api', '-n', NS])).trim());
  const operatorToken = (
    await kubectl(cp, ['create', 'token', 'plinth-operator', '-n', NS, '--audience=plinth', '--duration=1h'])
  ).trim();
  return { cp, discoveryTokenFile, operatorToken };
}

let dir: string;
let a: Cluster;
let b: Cluster;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plinth-sa-issuers-'));
  const [cpA, cpB] = await Promise.all([
    startControlPlane({ controllerManager: false, readyTimeoutMs: 120_000 }),
    startControlPlane({ controllerManager: false, readyTimeoutMs: 120_000 }),
  ]);
  [a, b] = await Promise.all([prepare(cpA, dir, 'a'), prepare(cpB, dir, 'b')]);
}, CONTROL_PLANE_START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all([a?.cp.stop(), b?.cp.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 120_000);

describeOnEachDatabase(
  'ServiceAccount mappings bound to their issuer, two kube-apiservers, %s',
  (probe, { kind, database }) => {
    let acme: { id: string; slug: string };
    let globex: { id: string; slug: string };
    const worlds: World[] = [];

    beforeAll(async () => {
      [acme, globex] = [await probe.org(), await probe.org()];
      // A bucket row in each organization, so a bucket list shows whose principal asked.
      for (const org of [acme, globex]) {
        const ws = await probe.workspace(org.id);
        await database.db.insert(buckets).values({
          name: `${org.slug}-data`,
          region: 'eu-central',
          cluster: 'none',
          organizationId: org.id,
          workspaceId: ws.id,
          state: 'ready',
          accessKeyId: 'PLUNUSED',
          secretSealed: 'unused',
        });
      }
    });
    afterAll(async () => {
      await Promise.all(worlds.map((w) => w.env.close()));
    });

    /** The app with PLINTH_CONFIG's `service_accounts` as given, read by the production loader. */
    function appTrusting(accounts: Record<string, unknown>[]): World {
      const file = join(dir, `plinth-${kind}-${worlds.length}.yaml`);
      const issuer = (c: Cluster) => ({
        url: c.cp.server,
        ca_file: c.cp.caFile,
        token_file: c.discoveryTokenFile,
        audience: 'plinth',
      });
      writeFileSync(file, stringifyYaml({ service_accounts: { issuers: [issuer(a), issuer(b)], accounts } }));
      const w = createWorld(database, {
        serviceAccounts: new ServiceAccountVerifier(loadServiceAccountsConfig(file)!),
      });
      worlds.push(w);
      return w;
    }

    const bucketNames = async (w: World, token: string) => {
      const res = await w.call('GET', '/api/v1/s3/buckets/', { token });
      return {
        status: res.status,
        code: res.body?.code,
        names: (res.body?.results ?? []).map((r: { name: string }) => r.name),
      };
    };

    it("refuses cluster B's token for an account mapped only under cluster A (401), and accepts A's", async () => {
      const w = appTrusting([{ name: OPERATOR, issuer: a.cp.server, organization: acme.slug }]);
      expect(await bucketNames(w, a.operatorToken)).toEqual({
        status: 200,
        code: undefined,
        names: [`${acme.slug}-data`],
      });
      expect(await bucketNames(w, b.operatorToken)).toEqual({
        status: 401,
        code: 'token_invalid',
        names: [],
      });
    });

    it("maps the same account name under both issuers, each cluster's to its own organization, audited with its issuer", async () => {
      const w = appTrusting([
        { name: OPERATOR, issuer: a.cp.server, organization: acme.slug },
        { name: OPERATOR, issuer: b.cp.server, organization: globex.slug },
      ]);
      expect((await bucketNames(w, a.operatorToken)).names).toEqual([`${acme.slug}-data`]);
      expect((await bucketNames(w, b.operatorToken)).names).toEqual([`${globex.slug}-data`]);
      const used = (orgId: string) =>
        eventually(
          `a service_account.used entry in ${orgId}`,
          async () => {
            const rows = await database.db
              .select()
              .from(auditLog)
              .where(and(eq(auditLog.event, 'service_account.used'), eq(auditLog.organizationId, orgId)));
            return rows.length > 0 && rows.map((r) => r.details);
          },
          { timeoutMs: 5_000, intervalMs: 50 },
        );
      expect(await used(acme.id)).toContainEqual(
        expect.objectContaining({ service_account: OPERATOR, issuer: a.cp.server }),
      );
      expect(await used(globex.id)).toContainEqual(
        expect.objectContaining({ service_account: OPERATOR, issuer: b.cp.server }),
      );
    });
  },
);
