import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, parseAllDocuments } from 'yaml';
import { runToolScript, startControlPlane } from '../operator/src/test/control-plane.ts';
import type { ControlPlane } from '../operator/src/test/control-plane.ts';
import { execForm, finalStage, instructions, readDockerfile } from './dockerfile.ts';

/**
 * The kind journey (e2e/kind/run.sh) needs Docker, so it does not run here; this keeps it
 * consistent with what it installs: the chart rendered with e2e/kind/values.yaml, the PostgreSQL
 * and MinIO manifests and the application pod pass a server-side dry run on a real API server,
 * and the names the script relies on (Deployments, Secrets, Services, ports, images) are the ones
 * those manifests and config/kind/cluster.yaml declare.
 */

const REPO = fileURLToPath(new URL('../', import.meta.url));
const SCRIPT = readFileSync(join(REPO, 'e2e/kind/run.sh'), 'utf8');

type Doc = Record<string, any>;
const documents = (text: string): Doc[] =>
  parseAllDocuments(text)
    .map((d) => d.toJS() as Doc | null)
    .filter((d): d is Doc => d !== null && typeof d === 'object');

/** A variable the script assigns at top level (`NAME=value`, `NAME="${ENV:-value}"`). */
function scriptVar(name: string): string {
  const m = new RegExp(`^${name}="?(?:\\$\\{\\w+:-)?([^"}\\n]*)\\}?"?$`, 'm').exec(SCRIPT);
  if (!m) throw new Error(`run.sh assigns no ${name}`);
  return m[1]!;
}

/** The Secrets the script creates, by namespace variable and name. */
const SCRIPT_SECRETS = [...SCRIPT.matchAll(/^secret "\$NS" ([\w-]+)/gm)].map((m) => m[1]!);

/** Secret names a pod template reads (env valueFrom and envFrom). */
function secretsReadBy(doc: Doc): string[] {
  const spec = doc.kind === 'Pod' ? doc.spec : doc.spec?.template?.spec;
  if (!spec) return [];
  const names: string[] = [];
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef) names.push(e.valueFrom.secretKeyRef.name);
    for (const e of c.envFrom ?? []) if (e.secretRef) names.push(e.secretRef.name);
  }
  return names;
}

describe('the kind journey (e2e/kind)', () => {
  const NS = scriptVar('NS');
  const chartYaml = parseYaml(readFileSync(join(REPO, 'charts/plinth/Chart.yaml'), 'utf8'));
  let cp: ControlPlane;
  let chart: Doc[];
  let deps: Doc[];
  let appPod: Doc;

  beforeAll(async () => {
    let helm: string;
    [cp, helm] = await Promise.all([
      startControlPlane({ crds: true, controllerManager: false }),
      runToolScript('helm.sh'),
    ]);
    const r = spawnSync(
      helm,
      [
        'template',
        scriptVar('RELEASE'),
        'charts/plinth',
        '--namespace',
        NS,
        '-f',
        'e2e/kind/values.yaml',
        '--set',
        `api.image.tag=${chartYaml.appVersion}`,
        '--set',
        `operator.image.tag=${chartYaml.appVersion}`,
      ],
      { cwd: REPO, encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    chart = documents(r.stdout);
    deps = readdirSync(join(REPO, 'e2e/kind/manifests'))
      .filter((f) => f.endsWith('.yaml'))
      .flatMap((f) => documents(readFileSync(join(REPO, 'e2e/kind/manifests', f), 'utf8')));
    // The application pod, as the script's heredoc expands it.
    const heredoc = /^k apply -f - <<EOF\n([\s\S]*?)^EOF$/m.exec(SCRIPT)![1]!;
    const expanded = heredoc
      .replace(/(?<!\\)\$(\w+)/g, (_all, v: string) =>
        v === 'SECRET_NAME' ? scriptVar('BUCKET') : scriptVar(v),
      )
      .replace(/\\\$/g, '$');
    appPod = documents(expanded)[0]!;
  }, 600_000);
  afterAll(async () => {
    await cp?.stop();
  });

  it('uses the names the chart renders and the manifests declare', () => {
    const named = (kind: string, name: string): Doc => {
      const found = [...chart, ...deps].find((d) => d.kind === kind && d.metadata.name === name);
      if (!found) throw new Error(`no ${kind} ${name} in the chart or e2e/kind/manifests`);
      return found;
    };
    const api = named('Deployment', scriptVar('API_DEPLOY'));
    const operator = named('Deployment', scriptVar('OPERATOR_DEPLOY'));

    // The images the script builds and loads are the ones the chart runs, never pulled.
    // ($TAG is the chart's appVersion, read from Chart.yaml.)
    expect(SCRIPT).toMatch(/^TAG=.*charts\/plinth\/Chart\.yaml/m);
    // The chart spells out each image's command: it must be the Dockerfile's CMD.
    for (const [deployment, variable, dockerfile] of [
      [api, 'API_IMAGE', 'Dockerfile.api'],
      [operator, 'OPERATOR_IMAGE', 'Dockerfile.operator'],
    ] as const) {
      const container = deployment.spec.template.spec.containers[0];
      expect(container.image).toBe(scriptVar(variable).replace('$TAG', String(chartYaml.appVersion)));
      expect(container.imagePullPolicy).toBe('Never');
      const cmd = instructions(finalStage(readDockerfile(join(REPO, dockerfile))), 'CMD').at(-1)!;
      expect(container.command ?? execForm(cmd.args), `${dockerfile} CMD`).toEqual(execForm(cmd.args));
    }

    // Every Secret a pod reads is rendered by the chart or created by the script (the bucket's
    // Secret, which the operator writes, aside).
    const rendered = chart.filter((d) => d.kind === 'Secret').map((d) => d.metadata.name);
    const read = [...chart, ...deps].flatMap(secretsReadBy);
    expect(read.length).toBeGreaterThan(3);
    for (const name of read) expect([...rendered, ...SCRIPT_SECRETS], `Secret ${name}`).toContain(name);
    expect(secretsReadBy(appPod)).toEqual([scriptVar('BUCKET')]);

    // Host ports: the API's NodePort is what the script calls, both NodePorts are mapped by the
    // kind cluster config.
    const mapped = parseYaml(readFileSync(join(REPO, 'config/kind/cluster.yaml'), 'utf8')).nodes.flatMap(
      (n: Doc) => (n.extraPortMappings ?? []).map((p: Doc) => p.containerPort),
    );
    const apiService = named('Service', scriptVar('API_DEPLOY'));
    const apiNodePort = apiService.spec.ports[0].nodePort;
    expect(apiService.spec.type).toBe('NodePort');
    expect(scriptVar('API')).toBe(`http://127.0.0.1:${apiNodePort}`);
    expect(mapped).toContain(apiNodePort);
    expect(mapped).toContain(named('Service', 'minio').spec.ports[0].nodePort);

    // The API reaches MinIO and PostgreSQL by their Services.
    const config = parseYaml(named('ConfigMap', `${scriptVar('RELEASE')}-config`).data['plinth.yaml']);
    const endpoint = new URL(config.clusters[0].endpoint);
    expect(endpoint.hostname).toBe(`minio.${NS}.svc`);
    expect(Number(endpoint.port)).toBe(named('Service', 'minio').spec.ports[0].port);
    expect(SCRIPT).toContain(`postgresql.$NS.svc:${named('Service', 'postgresql').spec.ports[0].port}/`);

    // The sample S3Bucket is the one the script waits for, in a region the API knows.
    const sample = parseYaml(
      readFileSync(join(REPO, 'config/samples/plinth_v1alpha1_s3bucket.yaml'), 'utf8'),
    );
    expect(sample.metadata).toMatchObject({ name: scriptVar('BUCKET'), namespace: scriptVar('TEAM_NS') });
    expect(config.regions.map((r: Doc) => r.name)).toContain(sample.spec.region);
  });

  it('passes a server-side dry run with strict validation', async () => {
    for (const ns of [NS, scriptVar('TEAM_NS')]) {
      const r = await cp.kubectl(['create', 'namespace', ns]);
      expect(r.code, r.stderr).toBe(0);
    }
    const sample = documents(
      readFileSync(join(REPO, 'config/samples/plinth_v1alpha1_s3bucket.yaml'), 'utf8'),
    );
    // The manifests and the chart go to the release namespace; the pod and the S3Bucket name theirs.
    for (const [objects, args] of [
      [
        [...deps, ...chart],
        ['-n', NS],
      ],
      [[appPod, ...sample], []],
    ] as const) {
      const r = await cp.kubectl(['apply', '--dry-run=server', '--validate=strict', ...args, '-f', '-'], {
        input: objects.map((d) => JSON.stringify(d)).join('\n'),
      });
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
      expect(r.stdout.trim().split('\n')).toHaveLength(objects.length);
    }
  });
});
