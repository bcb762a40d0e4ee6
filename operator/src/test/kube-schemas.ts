import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * JSON schemas for kubeconform, made offline from a real kube-apiserver's `/openapi/v2` (so they
 * are exactly the schemas of the Kubernetes version the tests run, CRDs included), in the layout
 * `<dir>/<kind>-<group>-<version>.json` that the location template {@link SCHEMA_LOCATION} names.
 *
 * Strict, as kubernetes-json-schema's "-strict" flavour: objects with declared properties get
 * `additionalProperties: false` (a misspelt field is an error), except where the API preserves
 * unknown fields. `IntOrString` and `Quantity` accept what the API server accepts.
 */

type Schema = Record<string, unknown>;

interface Gvk {
  group: string;
  version: string;
  kind: string;
}

/** kubeconform's template for the files written here; pass `dir` in place of `{dir}`. */
export const SCHEMA_LOCATION = '{dir}/{{ .ResourceKind }}{{ .KindSuffix }}.json';

const OVERRIDES: Record<string, Schema> = {
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': { oneOf: [{ type: 'string' }, { type: 'integer' }] },
  'io.k8s.apimachinery.pkg.api.resource.Quantity': { oneOf: [{ type: 'string' }, { type: 'number' }] },
};

function fileName(gvk: Gvk): string {
  // kubeconform: the first label of the group, then the version; the core group has none.
  const group = gvk.group.split('.')[0]!.toLowerCase();
  return `${gvk.kind.toLowerCase()}${group ? `-${group}` : ''}-${gvk.version.toLowerCase()}.json`;
}

function refsOf(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const n of node) refsOf(n, into);
  } else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/definitions/')) {
        into.add(v.slice('#/definitions/'.length));
      } else refsOf(v, into);
    }
  }
}

/** A schema node made strict; walks the keywords that hold schemas, copies the rest as is. */
function strict(node: unknown): unknown {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  const out: Schema = { ...(node as Schema) };
  for (const key of ['properties', 'definitions', 'patternProperties']) {
    const map = out[key];
    if (map && typeof map === 'object') {
      out[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, strict(v)]));
    }
  }
  for (const key of ['items', 'additionalProperties', 'not']) {
    if (out[key] && typeof out[key] === 'object') out[key] = strict(out[key]);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(strict);
  }
  if (
    out.properties &&
    out.additionalProperties === undefined &&
    out['x-kubernetes-preserve-unknown-fields'] !== true
  ) {
    out.additionalProperties = false;
  }
  return out;
}

/** Writes one schema file per kind of `openapi` (a `/openapi/v2` document) into `dir`. */
export function writeKubeSchemas(openapi: { definitions: Record<string, Schema> }, dir: string): number {
  mkdirSync(dir, { recursive: true });
  const definitions: Record<string, Schema> = { ...openapi.definitions, ...OVERRIDES };
  let written = 0;
  for (const [name, definition] of Object.entries(definitions)) {
    const gvks = definition['x-kubernetes-group-version-kind'] as Gvk[] | undefined;
    if (!gvks) continue;
    // Only the definitions this kind reaches, so each file stays small.
    const needed = new Set<string>();
    const queue = [name];
    while (queue.length > 0) {
      const next = queue.pop()!;
      if (needed.has(next)) continue;
      needed.add(next);
      const found = new Set<string>();
      refsOf(definitions[next], found);
      for (const f of found) if (!needed.has(f)) queue.push(f);
    }
    needed.delete(name);
    const schema = strict({
      ...definition,
      definitions: Object.fromEntries([...needed].sort().map((n) => [n, definitions[n] ?? {}])),
    }) as Schema;
    for (const gvk of gvks) {
      // The API server lists a kind under every group-version it is served in (e.g. DeleteOptions):
      // only a kind's own definition has the matching short name.
      if (!name.endsWith(`.${gvk.kind}`)) continue;
      writeFileSync(
        join(dir, fileName(gvk)),
        JSON.stringify({ $schema: 'http://json-schema.org/draft-04/schema#', ...schema }),
      );
      written++;
    }
  }
  return written;
}
