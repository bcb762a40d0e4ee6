import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments, parseDocument } from 'yaml';
import { loadConfig as loadAgentConfig } from '../agent/src/config.ts';
import { loadOidcConfig } from '../api/src/auth/sso/config.ts';
import { EnvSchema } from '../api/src/config.ts';
import { runToolScript, startControlPlane } from '../operator/src/test/control-plane.ts';
import type { ControlPlane } from '../operator/src/test/control-plane.ts';
import { SCHEMA_LOCATION, writeKubeSchemas } from '../operator/src/test/kube-schemas.ts';
import { execForm, finalStage, instructions, readDockerfile } from './dockerfile.ts';

const REPO = fileURLToPath(new URL('../', import.meta.url));
const CHART = join(REPO, 'charts/plinth');
const VALUES_FILES = readdirSync(join(CHART, 'ci')).filter((f) => f.endsWith('.yaml'));
const NAMESPACE = 'plinth-system';
/** The namespaces ci/actions-values.yaml lets the kubernetes runner create Jobs in, besides NAMESPACE. */
const RUNNER_NAMESPACES = ['plinth-team-a', 'plinth-team-b'];
/** Where KubeConfig.loadFromDefault() looks for the in-cluster token, CA and namespace. */
const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';
/** The variables of workspace actions and events (docs/configuration.md). */
const ACTION_VARIABLES = [
  'PLINTH_ACTION_RUNNER',
  'PLINTH_RUNNER_NAMESPACE',
  'PLINTH_RUNNER_NAMESPACES',
  'PLINTH_RUNNER_CONCURRENCY',
  'PLINTH_RUN_OUTPUT_LIMIT_BYTES',
  'PLINTH_WORKSPACES_DIR',
  'PLINTH_WEBHOOK_ALLOW_PRIVATE',
  'PLINTH_WEBHOOK_RETRY_SCHEDULE',
  'PLINTH_DELIVERY_CONCURRENCY',
  'PLINTH_DELIVERY_PER_RECEIVER',
] as const;

/**
 * The install paths checked as far as this machine allows: `helm lint`, `helm template` with the
 * default and the full values, and `kubectl kustomize config/default`, each validated by
 * kubeconform (strict) against the schemas of a real kube-apiserver, then sent to that API server
 * as a server-side dry run with strict field validation.
 */
describe('Helm chart and kustomize manifests', () => {
  let cp: ControlPlane;
  let helm: string;
  let kubeconform: string;
  let work: string;

  const run = (bin: string, args: string[], input?: string) => {
    const r = spawnSync(bin, args, { cwd: REPO, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  };
  const render = (valuesFile: string, extra: string[] = []) =>
    run(helm, [
      'template',
      'plinth',
      CHART,
      '--namespace',
      NAMESPACE,
      '-f',
      join(CHART, 'ci', valuesFile),
      ...extra,
    ]);
  const documents = (yamlText: string) =>
    parseAllDocuments(yamlText)
      .map((d) => d.toJS() as Record<string, any> | null)
      .filter((d): d is Record<string, any> => d !== null && typeof d === 'object');

  /** kubeconform -strict over `yamlText`; returns the problems, one line each. */
  const validate = (name: string, yamlText: string) => {
    const file = join(work, `${name}.yaml`);
    writeFileSync(file, yamlText);
    const r = run(kubeconform, [
      '-strict',
      '-summary',
      '-verbose',
      '-output',
      'json',
      '-schema-location',
      SCHEMA_LOCATION.replace('{dir}', join(work, 'schemas')),
      file,
    ]);
    const report = JSON.parse(r.stdout) as {
      resources: { kind: string; name: string; status: string; msg: string }[];
      summary: { valid: number; invalid: number; errors: number; skipped: number };
    };
    const problems = report.resources
      .filter((x) => x.status !== 'statusValid')
      .map((x) => `${x.kind}/${x.name}: ${x.status} ${x.msg}`);
    return { problems, summary: report.summary, stderr: r.stderr };
  };

  /**
   * `kubectl apply --dry-run=server --validate=strict`, for the kinds this API server serves: once
   * per namespace the objects name (kubectl refuses an object of another namespace than its -n),
   * NAMESPACE for those that name none.
   */
  const dryRun = async (yamlText: string, skipKinds: string[] = []) => {
    const docs = documents(yamlText).filter((d) => !skipKinds.includes(d.kind));
    const byNamespace = new Map<string, Record<string, any>[]>();
    for (const d of docs) {
      const namespace = (d.metadata?.namespace as string | undefined) ?? NAMESPACE;
      byNamespace.set(namespace, [...(byNamespace.get(namespace) ?? []), d]);
    }
    const results = [];
    for (const [namespace, group] of byNamespace) {
      results.push(
        await cp.kubectl(['apply', '--dry-run=server', '--validate=strict', '-n', namespace, '-f', '-'], {
          input: group.map((d) => JSON.stringify(d)).join('\n'),
        }),
      );
    }
    return {
      code: Math.max(...results.map((r) => r.code)),
      stdout: results.map((r) => r.stdout.trim()).join('\n'),
      stderr: results.map((r) => r.stderr).join(''),
      count: docs.length,
    };
  };

  beforeAll(async () => {
    [cp, helm, kubeconform] = await Promise.all([
      startControlPlane({ crds: true, controllerManager: false }),
      runToolScript('helm.sh'),
      runToolScript('kubeconform.sh'),
    ]);
    work = mkdtempSync(join(tmpdir(), 'plinth-manifests-'));
    const openapi = await cp.kubectl(['get', '--raw', '/openapi/v2']);
    expect(openapi.code, openapi.stderr).toBe(0);
    expect(writeKubeSchemas(JSON.parse(openapi.stdout), join(work, 'schemas'))).toBeGreaterThan(50);
    // The PrometheusRule and ServiceMonitor CRDs belong to prometheus-operator, absent here: strict
    // schemas of the fields the chart uses, written from its API reference.
    writeFileSync(
      join(work, 'schemas', 'prometheusrule-monitoring-v1.json'),
      JSON.stringify(PROMETHEUS_RULE_SCHEMA),
    );
    writeFileSync(
      join(work, 'schemas', 'servicemonitor-monitoring-v1.json'),
      JSON.stringify(SERVICE_MONITOR_SCHEMA),
    );
    // The runner's Roles of ci/actions-values.yaml live in namespaces of their own.
    for (const namespace of [NAMESPACE, ...RUNNER_NAMESPACES]) {
      const ns = await cp.kubectl(['create', 'namespace', namespace]);
      expect(ns.code, ns.stderr).toBe(0);
    }
  }, 600_000);
  afterAll(async () => {
    await cp?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('ships the CRD exactly as crds/ has it', () => {
    for (const file of readdirSync(join(REPO, 'crds')).filter(
      (f) => f.endsWith('.yaml') && f !== 'kustomization.yaml',
    )) {
      expect(readFileSync(join(CHART, 'crds', file), 'utf8'), `charts/plinth/crds/${file}`).toBe(
        readFileSync(join(REPO, 'crds', file), 'utf8'),
      );
    }
  });

  it.each(VALUES_FILES)('passes helm lint --strict with ci/%s', (valuesFile) => {
    const r = run(helm, ['lint', '--strict', CHART, '-f', join(CHART, 'ci', valuesFile)]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
  });

  it.each(VALUES_FILES)(
    'renders with ci/%s into manifests that pass kubeconform strict and a server-side dry run',
    async (valuesFile) => {
      const rendered = render(valuesFile);
      expect(rendered.code, rendered.stderr).toBe(0);
      const { problems, summary, stderr } = validate(`helm-${valuesFile}`, rendered.stdout);
      expect(problems, stderr).toEqual([]);
      // Every object rendered, none skipped (ci/agent-values.yaml renders four).
      expect(summary.valid).toBeGreaterThanOrEqual(4);
      expect(summary.valid).toBe(documents(rendered.stdout).length);
      const dry = await dryRun(rendered.stdout, ['PrometheusRule', 'ServiceMonitor']);
      expect(dry.code, `${dry.stdout}\n${dry.stderr}`).toBe(0);
      expect(dry.stdout.trim().split('\n')).toHaveLength(dry.count);
    },
  );

  it('renders every optional feature with the full values, and alerts that follow the alert conventions', () => {
    const docs = documents(render('full-values.yaml').stdout);
    const kinds = new Set(docs.map((d) => d.kind));
    for (const kind of [
      'Deployment',
      'Service',
      'Ingress',
      'PrometheusRule',
      'ServiceMonitor',
      'NetworkPolicy',
      'PodDisruptionBudget',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    // /metrics (tenant data) is reached only through its own ClusterIP Service and port: never the
    // main Service, never the Ingress, and only from the peers allowed to scrape.
    const byKindName = (kind: string, name: string) =>
      docs.find((d) => d.kind === kind && d.metadata.name === name)!;
    const mainService = byKindName('Service', 'plinth-full-api');
    expect(mainService.spec.ports.map((p: { name: string }) => p.name)).toEqual(['http']);
    const metricsService = byKindName('Service', 'plinth-full-api-metrics');
    expect(metricsService.spec.type).toBe('ClusterIP');
    expect(metricsService.spec.ports).toEqual([
      expect.objectContaining({ name: 'metrics', targetPort: 'metrics' }),
    ]);
    const monitor = byKindName('ServiceMonitor', 'plinth-full-api');
    expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: 'metrics', path: '/metrics' })]);
    expect(monitor.spec.selector.matchLabels).toMatchObject({ 'plinth.dev/endpoint': 'metrics' });
    expect(mainService.metadata.labels['plinth.dev/endpoint']).toBeUndefined();
    const ingress = byKindName('Ingress', 'plinth-full-api');
    const backends = ingress.spec.rules.flatMap((r: any) => r.http.paths.map((p: any) => p.backend.service));
    expect(backends.every((b: any) => b.name === 'plinth-full-api' && b.port.name === 'http')).toBe(true);
    const policy = byKindName('NetworkPolicy', 'plinth-full-api');
    const metricsRule = policy.spec.ingress.find((r: any) => r.ports[0].port === 'metrics');
    expect(metricsRule.from).toEqual([
      {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'observability' } },
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
      },
    ]);
    const api = byKindName('Deployment', 'plinth-full-api').spec.template.spec.containers[0];
    const env = Object.fromEntries(api.env.map((e: { name: string; value?: string }) => [e.name, e.value]));
    expect(env).toMatchObject({ PLINTH_METRICS_PORT: '9090', PLINTH_HSTS_MAX_AGE_SECONDS: '63072000' });
    const runbooks = readFileSync(join(REPO, 'docs/runbooks.md'), 'utf8');
    const anchors = new Set(
      [...runbooks.matchAll(/^#+ (.+)$/gm)].map((m) =>
        m[1]!
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    const rules = docs
      .filter((d) => d.kind === 'PrometheusRule')
      .flatMap((d) => d.spec.groups.flatMap((g: any) => g.rules as any[]))
      .filter((r) => r.alert);
    expect(rules.map((r) => r.alert).sort()).toEqual(
      expect.arrayContaining(['PlinthApiDown', 'PlinthOperatorReconcileErrors', 'PlinthUsageJobStale']),
    );
    for (const rule of rules) {
      expect(['critical', 'warning', 'info'], rule.alert).toContain(rule.labels.severity);
      for (const label of ['component', 'team', 'environment'])
        expect(rule.labels[label], `${rule.alert} ${label}`).toBeTruthy();
      for (const a of ['summary', 'description', 'runbook_url', 'dashboard_url']) {
        expect(rule.annotations[a], `${rule.alert} ${a}`).toBeTruthy();
      }
      expect(rule.annotations.summary).not.toContain('\n');
      const anchor = String(rule.annotations.runbook_url).split('#')[1];
      expect(anchors, `runbook anchor for ${rule.alert}`).toContain(anchor);
    }
  });

  it('gives the operator exactly the RBAC of config/rbac', () => {
    const rulesOf = (docs: Record<string, any>[], kind: string) =>
      docs
        .filter((d) => d.kind === kind)
        .flatMap((d) => d.rules as any[])
        .map((r) =>
          JSON.stringify([
            [...(r.apiGroups ?? [])].sort(),
            [...(r.resources ?? [])].sort(),
            [...(r.verbs ?? [])].sort(),
          ]),
        )
        .sort();
    const chart = documents(render('default-values.yaml').stdout);
    const kustomized = readdirSync(join(REPO, 'config/rbac'))
      .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
      .flatMap((f) => documents(readFileSync(join(REPO, 'config/rbac', f), 'utf8')));
    for (const kind of ['ClusterRole', 'Role']) {
      expect(rulesOf(chart, kind), kind).toEqual(rulesOf(kustomized, kind));
    }
  });

  it('puts a generated first-admin password in a Secret the API reads', () => {
    const docs = documents(render('default-values.yaml').stdout);
    const secret = docs.find((d) => d.kind === 'Secret' && d.metadata.name === 'plinth-bootstrap-admin');
    expect(secret?.metadata.annotations['helm.sh/resource-policy']).toBe('keep');
    const password = Buffer.from(secret!.data.PLINTH_BOOTSTRAP_ADMIN_PASSWORD, 'base64').toString();
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    for (const container of ['migrate', 'api']) {
      expect(apiEnv(docs, container, 'PLINTH_BOOTSTRAP_ADMIN_PASSWORD')?.valueFrom, container).toEqual({
        secretKeyRef: { name: 'plinth-bootstrap-admin', key: 'PLINTH_BOOTSTRAP_ADMIN_PASSWORD' },
      });
    }
    // With an existing Secret the chart makes none of its own.
    const full = documents(render('full-values.yaml').stdout);
    expect(full.filter((d) => d.kind === 'Secret' && /bootstrap/.test(d.metadata.name))).toEqual([]);
    expect(apiEnv(full, 'api', 'PLINTH_BOOTSTRAP_ADMIN_PASSWORD')?.valueFrom).toEqual({
      secretKeyRef: { name: 'plinth-bootstrap-admin', key: 'password' },
    });
  });

  it('derives the trusted proxy hops from the Ingress unless api.trustProxy says', () => {
    const hops = (extra: string[]) =>
      ['migrate', 'api'].map(
        (c) => apiEnv(documents(render('default-values.yaml', extra).stdout), c, 'PLINTH_TRUST_PROXY')?.value,
      );
    expect(hops([])).toEqual(['false', 'false']);
    expect(hops(['--set', 'api.ingress.enabled=true'])).toEqual(['1', '1']);
    expect(hops(['--set', 'api.ingress.enabled=true', '--set', 'api.trustProxy=2'])).toEqual(['2', '2']);
    expect(hops(['--set', 'api.ingress.enabled=true', '--set', 'api.trustProxy=false'])).toEqual([
      'false',
      'false',
    ]);
  });

  it('configures single sign-on: the oidc section names the secret variable, the Deployment fills it from the Secret', () => {
    const docs = documents(render('sso-values.yaml').stdout);
    const configMap = docs.find((d) => d.kind === 'ConfigMap' && d.metadata.name === 'plinth-config')!;
    const configText = configMap.data['plinth.yaml'] as string;
    const config = parseDocument(configText).toJS() as { oidc: { providers: Record<string, unknown>[] } };
    // camelCase values in, the file's snake_case out; omitted keys left to the API's defaults, and
    // false or 0 written as given.
    expect(config.oidc).toEqual({
      providers: [
        {
          name: 'keycloak',
          display_name: 'Company SSO',
          issuer: 'https://sso.example.com/realms/plinth',
          client_id: 'plinth',
          client_secret_env: 'PLINTH_OIDC_KEYCLOAK_CLIENT_SECRET',
          cli_client_id: 'plinth-cli',
          super_admin_from_groups: true,
        },
        {
          name: 'gitlab-com',
          issuer: 'https://gitlab.com',
          client_id: '0123456789abcdef',
          scopes: ['openid', 'profile', 'email'],
          groups_claim: 'groups_direct',
          group_prefix: 'plinth',
          group_parent: 'example-corp/platform',
          super_admin_from_groups: false,
          organizations: ['acme', 'acme-corp'],
          group_sync: false,
          allow_signup: false,
          resync_interval_seconds: 0,
        },
      ],
    });
    // The API's own loader accepts the rendered section (strict: no unknown key), the secret read
    // from the variable the file names.
    const configFile = join(work, 'sso-plinth.yaml');
    writeFileSync(configFile, configText);
    const providers = loadOidcConfig(configFile, { PLINTH_OIDC_KEYCLOAK_CLIENT_SECRET: 'from-the-secret' });
    expect(providers.map((p) => [p.name, p.clientSecret])).toEqual([
      ['keycloak', 'from-the-secret'],
      ['gitlab-com', undefined],
    ]);
    // The migrate step validates the same configuration as the API: both containers get the same.
    for (const container of ['migrate', 'api']) {
      expect(apiEnv(docs, container, 'PLINTH_OIDC_KEYCLOAK_CLIENT_SECRET'), container).toEqual({
        name: 'PLINTH_OIDC_KEYCLOAK_CLIENT_SECRET',
        valueFrom: { secretKeyRef: { name: 'plinth-oidc-keycloak', key: 'client-secret' } },
      });
      expect(apiEnv(docs, container, 'PLINTH_OIDC_GITLAB_COM_CLIENT_SECRET'), container).toBeUndefined();
      // Derived from the Ingress's first host, https for its tls.
      expect(apiEnv(docs, container, 'PLINTH_PUBLIC_URL')?.value, container).toBe(
        'https://plinth.example.com',
      );
      expect(apiEnv(docs, container, 'PLINTH_SESSION_IDLE_SECONDS')?.value, container).toBe('3600');
      expect(apiEnv(docs, container, 'PLINTH_SESSION_ABSOLUTE_SECONDS')?.value, container).toBe('43200');
    }
    // No client secret in the ConfigMap, nor a place in the values to put one there.
    expect(configText).not.toMatch(/client_secret(?!_env)/);
    expect(docs.filter((d) => d.kind === 'Secret' && /oidc/.test(d.metadata.name))).toEqual([]);
    for (const literal of [
      'sso.providers[0].clientSecret.value=sentinel-client-secret',
      'sso.providers[0].client_secret=sentinel-client-secret',
      'sso.providers[0].clientSecret=sentinel-client-secret',
    ]) {
      const r = render('sso-values.yaml', ['--set-string', literal]);
      expect(r.code, literal).not.toBe(0);
      expect(r.stdout, literal).not.toContain('sentinel-client-secret');
    }
  });

  it('adds nothing for single sign-on without providers, and derives or takes the public URL', () => {
    const defaults = documents(render('default-values.yaml').stdout);
    const configText = defaults.find((d) => d.kind === 'ConfigMap')!.data['plinth.yaml'] as string;
    expect(parseDocument(configText).toJS()).not.toHaveProperty('oidc');
    for (const name of [
      'PLINTH_PUBLIC_URL',
      'PLINTH_SESSION_IDLE_SECONDS',
      'PLINTH_SESSION_ABSOLUTE_SECONDS',
    ])
      expect(apiEnv(defaults, 'api', name), name).toBeUndefined();
    const publicUrl = (extra: string[]) =>
      apiEnv(documents(render('default-values.yaml', extra).stdout), 'api', 'PLINTH_PUBLIC_URL')?.value;
    expect(publicUrl(['--set', 'api.ingress.enabled=true'])).toBe('http://plinth.example.com');
    expect(publicUrl(['--set', 'api.publicUrl=https://plinth.internal.example/'])).toBe(
      'https://plinth.internal.example',
    );
    expect(
      publicUrl(['--set', 'api.ingress.enabled=true', '--set', 'api.publicUrl=https://sso.plinth.example']),
    ).toBe('https://sso.plinth.example');
    const sso = documents(
      render('sso-values.yaml', [
        '--set',
        'api.ingress.enabled=false',
        '--set',
        'api.publicUrl=http://localhost:8080',
      ]).stdout,
    );
    expect(apiEnv(sso, 'api', 'PLINTH_PUBLIC_URL')?.value).toBe('http://localhost:8080');
    // A path is not an origin.
    expect(
      render('default-values.yaml', ['--set', 'api.publicUrl=https://example.com/plinth']).code,
    ).not.toBe(0);
  });

  it.each([
    [['--set', 'api.ingress.enabled=false'], 'set api.publicUrl'],
    [
      providers({ name: 'keycloak', issuer: 'https://sso.example.com' }),
      'sso.providers[0].clientId is required',
    ],
    [providers({ name: 'a' }, { name: 'b', clientId: 'b' }), 'sso.providers[0].issuer is required'],
    [providers({ issuer: 'https://sso.example.com', clientId: 'x' }), 'sso.providers[0].name is required'],
    [['--set', 'sso.providers[1].name=keycloak'], 'the provider keycloak is declared twice'],
    [['--set', 'api.sessions.idleSeconds=90000'], 'must not exceed api.sessions.absoluteSeconds'],
    [['--set', 'sso.providers[0].groupSynk=false'], 'groupSynk'],
    [['--set-json', 'sso.providers[0].scopes=["profile"]'], '/sso/providers/0/scopes'],
  ])('refuses single sign-on values that cannot work (%s), saying what to set', (extra, message) => {
    const r = render('sso-values.yaml', extra);
    expect(r.code, r.stdout).not.toBe(0);
    expect(r.stderr).toContain(message);
  });

  it('runs workspace actions as Jobs with the kubernetes runner: a Role in each namespace, a token, the settings', () => {
    const docs = documents(render('actions-values.yaml').stdout);
    // What api/src/areas/runs/runners/kubernetes.ts calls, in the release namespace (the default
    // one of the Jobs) and each of api.actions.namespaces, bound to the API's ServiceAccount.
    const roles = runnerRbac(docs, 'Role');
    expect(roles.map((r) => r.metadata.namespace).sort()).toEqual([NAMESPACE, ...RUNNER_NAMESPACES].sort());
    for (const role of roles) {
      expect(role.metadata.name, role.metadata.namespace).toBe('plinth-api-runner');
      expect(role.rules, role.metadata.namespace).toEqual([
        { apiGroups: ['batch'], resources: ['jobs'], verbs: ['create', 'get', 'delete'] },
        { apiGroups: [''], resources: ['pods'], verbs: ['list', 'get'] },
        { apiGroups: [''], resources: ['pods/log'], verbs: ['get'] },
      ]);
    }
    const bindings = runnerRbac(docs, 'RoleBinding');
    expect(bindings.map((b) => b.metadata.namespace).sort()).toEqual(
      [NAMESPACE, ...RUNNER_NAMESPACES].sort(),
    );
    for (const binding of bindings) {
      expect(binding.metadata.name, binding.metadata.namespace).toBe('plinth-api-runner');
      expect(binding.roleRef).toEqual({
        apiGroup: 'rbac.authorization.k8s.io',
        kind: 'Role',
        name: 'plinth-api-runner',
      });
      expect(binding.subjects).toEqual([
        { kind: 'ServiceAccount', name: 'plinth-api', namespace: NAMESPACE },
      ]);
    }
    // No RBAC wider than those Roles: no ClusterRole of the API's.
    expect(docs.filter((d) => d.kind.startsWith('Cluster') && /-api/.test(d.metadata.name))).toEqual([]);

    const values = Object.fromEntries(
      ACTION_VARIABLES.map((name) => [name, apiEnv(docs, 'api', name)?.value]),
    ) as Record<(typeof ACTION_VARIABLES)[number], string>;
    expect(values).toEqual({
      PLINTH_ACTION_RUNNER: 'kubernetes',
      PLINTH_RUNNER_NAMESPACE: NAMESPACE,
      PLINTH_RUNNER_NAMESPACES: 'plinth-team-a,plinth-team-b',
      PLINTH_RUNNER_CONCURRENCY: '4',
      PLINTH_RUN_OUTPUT_LIMIT_BYTES: '4194304',
      PLINTH_WORKSPACES_DIR: '/var/lib/plinth/workspaces',
      PLINTH_WEBHOOK_ALLOW_PRIVATE: '10.0.0.0/8,fd00::/8',
      PLINTH_WEBHOOK_RETRY_SCHEDULE: '5,60,3600,604800',
      PLINTH_DELIVERY_CONCURRENCY: '64',
      PLINTH_DELIVERY_PER_RECEIVER: '4',
    });
    // The migrate step validates the same configuration: it gets the same variables.
    for (const name of ACTION_VARIABLES)
      expect(apiEnv(docs, 'migrate', name)?.value, name).toBe(values[name]);
    // The API's own parser takes them as meant.
    const parsed = EnvSchema.pick(
      Object.fromEntries(ACTION_VARIABLES.map((name) => [name, true])) as Record<
        (typeof ACTION_VARIABLES)[number],
        true
      >,
    ).parse(values);
    expect(parsed).toMatchObject({
      PLINTH_ACTION_RUNNER: 'kubernetes',
      PLINTH_RUNNER_NAMESPACES: ['plinth-team-a', 'plinth-team-b'],
      PLINTH_RUNNER_CONCURRENCY: 4,
      PLINTH_WEBHOOK_ALLOW_PRIVATE: ['10.0.0.0/8', 'fd00::/8'],
      PLINTH_WEBHOOK_RETRY_SCHEDULE: [5, 60, 3600, 604800],
      PLINTH_DELIVERY_PER_RECEIVER: 4,
    });

    // The API container (only) gets a ServiceAccount token, CA and namespace where
    // KubeConfig.loadFromDefault() finds them; automounting stays off.
    const pod = apiPod(docs);
    expect(pod.automountServiceAccountToken).toBe(false);
    const mountsOf = (name: string) =>
      [...pod.initContainers, ...pod.containers].find((c: { name: string }) => c.name === name)
        .volumeMounts as { name: string; mountPath: string; readOnly?: boolean }[];
    const tokenMount = mountsOf('api').find((m) => m.mountPath === SERVICE_ACCOUNT_DIR);
    expect(tokenMount?.readOnly).toBe(true);
    const tokenVolume = pod.volumes.find((v: { name: string }) => v.name === tokenMount!.name);
    expect(tokenVolume.projected.sources).toEqual([
      { serviceAccountToken: { path: 'token', expirationSeconds: 3607 } },
      { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
      {
        downwardAPI: {
          items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }],
        },
      },
    ]);
    expect(mountsOf('migrate').map((m) => m.mountPath)).not.toContain(SERVICE_ACCOUNT_DIR);
    // The workspace handler's directory is the volume given, writable.
    expect(mountsOf('api')).toContainEqual({ name: 'workspaces', mountPath: '/var/lib/plinth/workspaces' });
    expect(pod.volumes).toContainEqual({
      name: 'workspaces',
      persistentVolumeClaim: { claimName: 'plinth-workspaces' },
    });

    // A default namespace that is also listed gets its Role once.
    const once = documents(
      render('actions-values.yaml', ['--set', 'api.actions.namespace=plinth-team-a']).stdout,
    );
    expect(runnerRbac(once, 'Role').map((r) => r.metadata.namespace)).toEqual(RUNNER_NAMESPACES);
    expect(apiEnv(once, 'api', 'PLINTH_RUNNER_NAMESPACE')?.value).toBe('plinth-team-a');
  });

  it('renders nothing of the runner by default: no Role, no token, the API defaults', () => {
    const docs = documents(render('default-values.yaml').stdout);
    expect(runnerRbac(docs, 'Role')).toEqual([]);
    expect(runnerRbac(docs, 'RoleBinding')).toEqual([]);
    for (const container of ['migrate', 'api'])
      for (const name of ACTION_VARIABLES)
        expect(apiEnv(docs, container, name), `${container} ${name}`).toBeUndefined();
    const pod = apiPod(docs);
    expect(pod.automountServiceAccountToken).toBe(false);
    const mounts = pod.containers.flatMap((c: { volumeMounts: { mountPath: string }[] }) =>
      c.volumeMounts.map((m) => m.mountPath),
    );
    expect(mounts).not.toContain(SERVICE_ACCOUNT_DIR);
    expect(pod.volumes.map((v: { name: string }) => v.name).sort()).toEqual(['config', 'kubernetes', 'tmp']);
    // Namespaces and settings alone grant nothing while the runner is none.
    const none = documents(render('actions-values.yaml', ['--set', 'api.actions.runner=none']).stdout);
    expect(runnerRbac(none, 'Role')).toEqual([]);
    expect(apiEnv(none, 'api', 'PLINTH_ACTION_RUNNER')).toBeUndefined();
    expect(apiEnv(none, 'api', 'PLINTH_RUNNER_NAMESPACE')).toBeUndefined();
  });

  it.each([
    [['--set', 'api.actions.runner=oci'], '/api/actions/runner'],
    [['--set', 'api.actions.concurrency=65'], '/api/actions/concurrency'],
    [['--set', 'api.actions.namespaces[0]=Team_A'], '/api/actions/namespaces/0'],
    [['--set-json', 'api.events.webhookAllowPrivate=["10.0.0.0"]'], '/api/events/webhookAllowPrivate/0'],
    [['--set-json', 'api.events.retrySchedule=[604801]'], '/api/events/retrySchedule/0'],
    [['--set', 'api.events.deliveryPerReceiver=0'], '/api/events/deliveryPerReceiver'],
    [['--set', 'api.events.workspacesDir=relative/dir'], '/api/events/workspacesDir'],
    [['--set-json', 'api.events.workspacesVolume={}'], 'api.events.workspacesVolume is required'],
  ])('refuses actions and events values that cannot work (%s), naming the field', (extra, message) => {
    const r = render('actions-values.yaml', extra);
    expect(r.code, r.stdout).not.toBe(0);
    expect(r.stderr).toContain(message);
  });

  it('refuses values that do not fit values.schema.json, naming the field', () => {
    const r = render('default-values.yaml', ['--set', 'api.replicas=two']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/replicas/);
  });

  it('takes a Garage cluster next to MinIO into PLINTH_CONFIG, and refuses one without its admin API', () => {
    const config = documents(render('full-values.yaml').stdout).find(
      (d) => d.kind === 'ConfigMap' && d.metadata.name.endsWith('-config'),
    )!;
    const file = Object.values(config.data as Record<string, string>).join('\n');
    expect(file).toMatch(/driver: garage/);
    expect(file).toMatch(/admin_token_env: GARAGE_ADMIN_TOKEN/);
    const r = render('full-values.yaml', ['--set', 'storage.config.clusters[1].admin_endpoint=null']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/admin_endpoint/);
  });

  it('passes the default-namespace selector to the operator, and refuses defaults without one', () => {
    const env = (docs: Record<string, any>[]) =>
      Object.fromEntries(
        (
          docs.find((d) => d.kind === 'Deployment' && d.metadata.name.endsWith('-operator'))!.spec.template
            .spec.containers[0].env as { name: string; value?: string }[]
        ).map((e) => [e.name, e.value]),
      );
    const full = env(documents(render('full-values.yaml').stdout));
    expect(full.PLINTH_OPERATOR_DEFAULT_NAMESPACE_SELECTOR).toBe('plinth.dev/default-workspace=true');
    expect(env(documents(render('default-values.yaml').stdout))).not.toHaveProperty(
      'PLINTH_OPERATOR_DEFAULT_NAMESPACE_SELECTOR',
    );
    const r = render('full-values.yaml', ['--set', 'operator.defaultNamespaceSelector=']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('operator.defaultNamespaceSelector is required');
  });

  it('installs the monitoring agent alone: no value of the API needed, four objects, the agent only', () => {
    const rendered = render('agent-values.yaml');
    expect(rendered.code, rendered.stderr).toBe(0);
    const docs = documents(rendered.stdout);
    // ci/agent-values.yaml names no database, no keys and no storage: with api.enabled=false none is
    // needed, and nothing of the API or the operator is rendered.
    expect(docs.map((d) => `${d.kind}/${d.metadata.name}`).sort()).toEqual([
      'NetworkPolicy/plinth-agent',
      'Service/plinth-agent',
      'ServiceAccount/plinth-agent',
      'StatefulSet/plinth-agent',
    ]);
    for (const d of docs) expect(d.metadata.labels['app.kubernetes.io/component'], d.kind).toBe('agent');
  });

  it('runs the agent as a StatefulSet of one: token from the Secret as a file, the buffer on a PVC, probes, restricted, no ServiceAccount token', () => {
    const chart = parseDocument(readFileSync(join(CHART, 'Chart.yaml'), 'utf8')).toJS() as {
      appVersion: string;
    };
    const values = parseDocument(readFileSync(join(CHART, 'values.yaml'), 'utf8')).toJS() as Record<
      string,
      any
    >;
    const docs = documents(render('agent-values.yaml').stdout);
    const set = agentSet(docs);
    expect(set.spec.replicas).toBe(1);
    const pod = set.spec.template.spec;
    expect(pod.containers).toHaveLength(1);
    const agent = pod.containers[0];
    const env = envMap(agent);

    // The image of the chart's appVersion, and Dockerfile.agent's CMD exactly: its compile cache
    // serves only those V8 flags (and npm run start:agent has the same, e2e/images.test.ts).
    expect(agent.image).toBe(`ghcr.io/plinth-dev/plinth-agent:${chart.appVersion}`);
    const cmd = instructions(finalStage(readDockerfile(join(REPO, 'Dockerfile.agent'))), 'CMD').at(-1)!;
    expect(agent.command).toEqual(execForm(cmd.args));

    // The token: the Secret's key as a file in a read-only directory mount (not a subPath, which
    // kubelet never updates), so a rotation reaches the agent without a restart; never a variable.
    expect(env.PLINTH_API_URL).toBe('https://plinth.example.com');
    expect(env).not.toHaveProperty('PLINTH_AGENT_TOKEN');
    expect(agent.env.filter((e: { valueFrom?: unknown }) => e.valueFrom)).toEqual([]);
    const tokenFile = env.PLINTH_AGENT_TOKEN_FILE!;
    const tokenMount = agent.volumeMounts.find((m: { mountPath: string }) =>
      tokenFile.startsWith(`${m.mountPath}/`),
    );
    expect(tokenMount).toMatchObject({ readOnly: true });
    expect(tokenMount.subPath).toBeUndefined();
    expect(pod.volumes.find((v: { name: string }) => v.name === tokenMount.name)).toEqual({
      name: tokenMount.name,
      secret: {
        secretName: 'plinth-agent-token',
        items: [{ key: 'token', path: tokenFile.slice(tokenMount.mountPath.length + 1) }],
        defaultMode: 0o440,
      },
    });

    // The buffer: a ReadWriteOnce claim of 1Gi per pod, mounted where the agent writes, its cap
    // 80 % of the claim.
    expect(set.spec.volumeClaimTemplates).toHaveLength(1);
    const claim = set.spec.volumeClaimTemplates[0];
    expect(claim.spec).toEqual({
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: '1Gi' } },
    });
    // Only labels no upgrade changes: a StatefulSet's claim templates are immutable.
    expect(claim.metadata.labels).toEqual(set.spec.selector.matchLabels);
    expect(agent.volumeMounts).toContainEqual({
      name: claim.metadata.name,
      mountPath: '/var/lib/plinth-agent',
    });
    expect(pod.volumes.map((v: { name: string }) => v.name)).not.toContain(claim.metadata.name);
    expect(env.PLINTH_AGENT_BUFFER_DIR).toBe('/var/lib/plinth-agent');
    expect(env.PLINTH_AGENT_BUFFER_MAX_BYTES).toBe(String(Math.floor(0.8 * 2 ** 30)));

    // The agent's own parser takes the environment as meant (the token file stands in for the mount).
    const token = join(work, 'agent-token');
    writeFileSync(token, 'pla_manifests-test\n');
    expect(loadAgentConfig({ ...env, PLINTH_AGENT_TOKEN_FILE: token })).toEqual({
      apiUrl: 'https://plinth.example.com',
      token: { file: token },
      bufferDir: '/var/lib/plinth-agent',
      concurrency: 64,
      batchSize: 200,
      bufferMaxBytes: 858_993_459,
      healthPort: 8082,
      logLevel: 'info',
    });

    // Probes on the health listener's /healthz.
    expect(agent.ports).toEqual([{ name: 'health', containerPort: 8082, protocol: 'TCP' }]);
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'])
      expect(agent[probe].httpGet, probe).toEqual({ path: '/healthz', port: 'health' });

    // Restricted as the operator: uid 1000, read-only root, no escalation, no capability, seccomp;
    // fsGroup makes the claim and the token file the agent's.
    expect(agent.securityContext).toEqual(values.operator.securityContext);
    expect(agent.securityContext).toMatchObject({
      runAsNonRoot: true,
      runAsUser: 1000,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, fsGroup: 1000 });
    expect(agent.resources).toEqual({
      requests: { cpu: '50m', memory: '96Mi' },
      limits: { memory: '128Mi' },
    });

    // A ServiceAccount of its own, without a token anywhere: the agent never calls Kubernetes.
    expect(pod.automountServiceAccountToken).toBe(false);
    const account = docs.find((d) => d.kind === 'ServiceAccount')!;
    expect(pod.serviceAccountName).toBe(account.metadata.name);
    expect(account.automountServiceAccountToken).toBe(false);
    expect(JSON.stringify(pod)).not.toContain('serviceAccountToken');
    expect(docs.filter((d) => /Role/.test(d.kind))).toEqual([]);

    // The governing Service is headless; the NetworkPolicy lets nothing in (kubelet's probes come
    // from the node) and lets DNS and the checked endpoints, anywhere, out.
    const service = docs.find((d) => d.kind === 'Service')!;
    expect(set.spec.serviceName).toBe(service.metadata.name);
    expect(service.spec.clusterIP).toBe('None');
    const policy = docs.find((d) => d.kind === 'NetworkPolicy')!;
    expect(policy.spec.podSelector.matchLabels).toEqual(set.spec.selector.matchLabels);
    expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(policy.spec.ingress).toEqual([]);
    expect(policy.spec.egress).toEqual([
      {
        ports: [
          { port: 53, protocol: 'UDP' },
          { port: 53, protocol: 'TCP' },
        ],
      },
      {},
    ]);
  });

  it("runs the agent beside this release's API: its Service URL, the API's policy lets it in, every setting", () => {
    const docs = documents(render('full-values.yaml').stdout);
    const set = agentSet(docs);
    const pod = set.spec.template.spec;
    const agent = pod.containers[0];
    const env = envMap(agent);
    expect(env).toMatchObject({
      PLINTH_API_URL: 'http://plinth-full-api:8080',
      PLINTH_AGENT_BUFFER_MAX_BYTES: '4294967296',
      PLINTH_AGENT_CONCURRENCY: '128',
      PLINTH_AGENT_BATCH_SIZE: '500',
      LOG_LEVEL: 'debug',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt',
    });
    expect(agent.image).toMatch(/^ghcr\.io\/plinth-dev\/plinth-agent@sha256:1{64}$/);
    expect(pod.volumes.find((v: any) => v.secret)?.secret).toMatchObject({
      secretName: 'plinth-agent-token',
      items: [{ key: 'pla', path: 'token' }],
    });
    expect(set.spec.volumeClaimTemplates[0].spec).toMatchObject({
      storageClassName: 'fast-ssd',
      resources: { requests: { storage: '5Gi' } },
    });
    expect(pod.serviceAccountName).toBe('plinth-agent-sa');
    const byKindName = (kind: string, name: string) =>
      docs.find((d) => d.kind === kind && d.metadata.name === name)!;
    const agentPods = { podSelector: { matchLabels: set.spec.selector.matchLabels } };
    // The API's policy, restricted to the ingress controller, still lets the operator and the agent in.
    const apiPolicy = byKindName('NetworkPolicy', 'plinth-full-api');
    const httpRule = apiPolicy.spec.ingress.find((r: any) => r.ports[0].port === 'http');
    expect(httpRule.from).toContainEqual(agentPods);
    // The agent's: DNS, this release's API pods, and the checked endpoints it was given.
    const policy = byKindName('NetworkPolicy', 'plinth-full-agent');
    expect(policy.spec.egress.slice(1)).toEqual([
      {
        to: [
          {
            podSelector: {
              matchLabels: {
                'app.kubernetes.io/name': 'plinth',
                'app.kubernetes.io/instance': 'plinth',
                'app.kubernetes.io/component': 'api',
              },
            },
          },
        ],
        ports: [{ port: 'http', protocol: 'TCP' }],
      },
      { to: [{ ipBlock: { cidr: '0.0.0.0/0', except: ['169.254.169.254/32'] } }] },
    ]);
    // The default values render no agent.
    expect(
      documents(render('default-values.yaml').stdout).filter((d) => /-agent$/.test(d.metadata.name)),
    ).toEqual([]);
  });

  it('buffers in an emptyDir of the size given without persistence, the cap 80 % of it', () => {
    const docs = documents(
      render('agent-values.yaml', [
        '--set',
        'agent.persistence.enabled=false',
        '--set',
        'agent.persistence.size=500Mi',
      ]).stdout,
    );
    const set = agentSet(docs);
    expect(set.spec.volumeClaimTemplates).toBeUndefined();
    const agent = set.spec.template.spec.containers[0];
    const mount = agent.volumeMounts.find(
      (m: { mountPath: string }) => m.mountPath === '/var/lib/plinth-agent',
    );
    expect(set.spec.template.spec.volumes).toContainEqual({
      name: mount.name,
      emptyDir: { sizeLimit: '500Mi' },
    });
    expect(envMap(agent).PLINTH_AGENT_BUFFER_MAX_BYTES).toBe(String(Math.floor(0.8 * 500 * 2 ** 20)));
    // storageClass "-" is "no class"; a cap given is taken as given.
    const none = agentSet(
      documents(
        render('agent-values.yaml', [
          '--set',
          'agent.persistence.storageClass=-',
          '--set',
          'agent.bufferMaxBytes=1000000',
        ]).stdout,
      ),
    );
    expect(none.spec.volumeClaimTemplates[0].spec.storageClassName).toBe('');
    expect(envMap(none.spec.template.spec.containers[0]).PLINTH_AGENT_BUFFER_MAX_BYTES).toBe('1000000');
  });

  it.each([
    [['--set', 'agent.apiUrl='], 'agent.apiUrl is required when api.enabled is false'],
    [['--set', 'agent.token.existingSecret='], 'agent.token.existingSecret is required when agent.enabled'],
    [['--set', 'agent.apiUrl=plinth.example.com'], '/agent/apiUrl'],
    [['--set', 'agent.bufferMaxBytes=2147483648'], 'is larger than agent.persistence.size 1Gi'],
    [['--set', 'agent.persistence.size=64Ki'], 'too small for the agent'],
    [['--set', 'agent.persistence.size=1.5Gi'], '/agent/persistence/size'],
    [['--set', 'agent.concurrency=0'], '/agent/concurrency'],
    [['--set', 'agent.batchSize=501'], '/agent/batchSize'],
    [['--set', 'agent.replicas=2'], 'replicas'],
  ])('refuses agent values that cannot work (%s), saying what to set', (extra, message) => {
    const r = render('agent-values.yaml', extra);
    expect(r.code, r.stdout).not.toBe(0);
    expect(r.stderr).toContain(message);
  });

  it('has no place for the agent token itself in the values', () => {
    for (const literal of [
      'agent.token.value=pla_sentinel',
      'agent.token=pla_sentinel',
      'agent.apiToken=pla_sentinel',
    ]) {
      const r = render('agent-values.yaml', ['--set-string', literal]);
      expect(r.code, literal).not.toBe(0);
      expect(r.stdout, literal).not.toContain('pla_sentinel');
    }
  });

  it('builds config/default with kustomize into manifests that pass kubeconform strict and a dry run', async () => {
    const built = await cp.kubectl(['kustomize', join(REPO, 'config/default')]);
    expect(built.code, built.stderr).toBe(0);
    const { problems, summary, stderr } = validate('kustomize-default', built.stdout);
    expect(problems, stderr).toEqual([]);
    expect(summary.valid).toBeGreaterThan(5);
    const dry = await dryRun(built.stdout);
    expect(dry.code, `${dry.stdout}\n${dry.stderr}`).toBe(0);
  });

  it('validates the samples against the CRD schema the API server publishes', async () => {
    const samples = readdirSync(join(REPO, 'config/samples'))
      .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
      .map((f) => readFileSync(join(REPO, 'config/samples', f), 'utf8'))
      .join('\n---\n');
    const { problems, summary, stderr } = validate('samples', samples);
    expect(problems, stderr).toEqual([]);
    expect(summary.valid).toBeGreaterThanOrEqual(2);
    // A misspelt field is caught by the same schema.
    const bad = validate(
      'bad-sample',
      'apiVersion: plinth.dev/v1alpha1\nkind: S3Bucket\nmetadata: {name: x, namespace: team-a}\nspec: {region: eu-central, corsAllowall: true}\n',
    );
    expect(bad.problems.join('\n')).toMatch(/corsAllowall/);
    // The S3Bucket's namespace must exist for its dry run: create it for real first.
    const ns = await cp.kubectl(['apply', '-f', join(REPO, 'config/samples/namespace.yaml')]);
    expect(ns.code, ns.stderr).toBe(0);
    const dry = await cp.kubectl([
      'apply',
      '--dry-run=server',
      '--validate=strict',
      '-f',
      join(REPO, 'config/samples'),
    ]);
    expect(dry.code, dry.stderr).toBe(0);
  });
});

/** `--set-json` of sso.providers: each provider given, with the keys given only. */
function providers(...list: Record<string, string>[]): string[] {
  return ['--set-json', `sso.providers=${JSON.stringify(list)}`];
}

/** One environment variable of a container (`migrate` or `api`) of the API Deployment. */
function apiEnv(
  docs: Record<string, any>[],
  container: string,
  name: string,
): { name: string; value?: string; valueFrom?: any } | undefined {
  const spec = docs.find((d) => d.kind === 'Deployment' && d.metadata.name.endsWith('-api'))!.spec.template
    .spec;
  const env = [...spec.initContainers, ...spec.containers].find((c: { name: string }) => c.name === container)
    .env as { name: string; value?: string; valueFrom?: any }[];
  return env.find((e) => e.name === name);
}

/** The agent's StatefulSet. */
function agentSet(docs: Record<string, any>[]): Record<string, any> {
  const sets = docs.filter((d) => d.kind === 'StatefulSet');
  expect(sets.map((d) => d.metadata.name)).toEqual([expect.stringMatching(/-agent$/)]);
  return sets[0]!;
}

/** A container's plain environment variables, by name. */
function envMap(container: { env: { name: string; value?: string }[] }): Record<string, string | undefined> {
  return Object.fromEntries(container.env.map((e) => [e.name, e.value]));
}

/** The pod spec of the API Deployment. */
function apiPod(docs: Record<string, any>[]): Record<string, any> {
  return docs.find((d) => d.kind === 'Deployment' && d.metadata.name.endsWith('-api'))!.spec.template.spec;
}

/** The kubernetes runner's Roles or RoleBindings (the API's, not the operator's). */
function runnerRbac(docs: Record<string, any>[], kind: 'Role' | 'RoleBinding'): Record<string, any>[] {
  return docs.filter((d) => d.kind === kind && d.metadata.labels['app.kubernetes.io/component'] === 'api');
}

const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
const SERVICE_MONITOR_SCHEMA = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  additionalProperties: false,
  properties: {
    apiVersion: { enum: ['monitoring.coreos.com/v1'] },
    kind: { enum: ['ServiceMonitor'] },
    metadata: { type: 'object' },
    spec: {
      type: 'object',
      required: ['selector', 'endpoints'],
      additionalProperties: false,
      properties: {
        jobLabel: { type: 'string' },
        namespaceSelector: {
          type: 'object',
          additionalProperties: false,
          properties: { any: { type: 'boolean' }, matchNames: { type: 'array', items: { type: 'string' } } },
        },
        selector: {
          type: 'object',
          additionalProperties: false,
          properties: { matchLabels: stringMap, matchExpressions: { type: 'array' } },
        },
        endpoints: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              port: { type: 'string' },
              targetPort: { type: ['string', 'integer'] },
              path: { type: 'string' },
              scheme: { enum: ['http', 'https'] },
              interval: {
                type: 'string',
                pattern:
                  '^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$',
              },
              scrapeTimeout: {
                type: 'string',
                pattern:
                  '^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$',
              },
              honorLabels: { type: 'boolean' },
            },
          },
        },
      },
    },
  },
};
const PROMETHEUS_RULE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  additionalProperties: false,
  properties: {
    apiVersion: { enum: ['monitoring.coreos.com/v1'] },
    kind: { enum: ['PrometheusRule'] },
    metadata: { type: 'object' },
    spec: {
      type: 'object',
      required: ['groups'],
      additionalProperties: false,
      properties: {
        groups: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'rules'],
            additionalProperties: false,
            properties: {
              name: { type: 'string' },
              interval: { type: 'string' },
              rules: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['expr'],
                  additionalProperties: false,
                  properties: {
                    alert: { type: 'string' },
                    record: { type: 'string' },
                    expr: { type: 'string' },
                    for: { type: 'string' },
                    keep_firing_for: { type: 'string' },
                    labels: stringMap,
                    annotations: stringMap,
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};
