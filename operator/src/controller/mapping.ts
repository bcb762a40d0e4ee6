import { ORGANIZATION_ANNOTATION, WORKSPACE_ANNOTATION } from '../api/v1alpha1/s3bucket.ts';
import type { S3Bucket } from '../api/v1alpha1/s3bucket.ts';
import { Reasons } from './conditions.ts';
import { Stop } from './failure.ts';
import type { Deps } from './types.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type MappingDeps = Pick<Deps, 'namespaces' | 'defaults'>;

/**
 * The namespace's annotations; the operator's defaults fill in only for a namespace whose labels
 * match the default-namespace selector (the mapping is opt-in: a namespace anyone could create
 * must not act in the default workspace).
 */
export function resolveMapping(
  d: MappingDeps,
  bucket: S3Bucket,
): {
  organization: string | undefined;
  workspace: string | undefined;
  trusted: boolean;
} {
  const ns = d.namespaces.get(bucket.metadata.namespace);
  const annotations = ns?.metadata?.annotations ?? {};
  const { namespaces: selector } = d.defaults;
  const trusted = selector !== undefined && selector.matches(ns?.metadata?.labels);
  return {
    organization: annotations[ORGANIZATION_ANNOTATION] ?? (trusted ? d.defaults.organization : undefined),
    workspace: annotations[WORKSPACE_ANNOTATION] ?? (trusted ? d.defaults.workspace : undefined),
    trusted,
  };
}

/** The organization and workspace of the bucket's namespace; terminal when it has none. */
export function mappingOf(d: MappingDeps, bucket: S3Bucket): { organization: string; workspace: string } {
  const { organization, workspace, trusted } = resolveMapping(d, bucket);
  const ns = bucket.metadata.namespace;
  if (!organization || !workspace) {
    const selector = d.defaults.namespaces;
    const annotate = `Namespace ${ns} is not mapped to a Plinth workspace: annotate it with ${ORGANIZATION_ANNOTATION} and ${WORKSPACE_ANNOTATION} (the organization's and workspace's IDs)`;
    const howToDefault =
      selector && d.defaults.organization && d.defaults.workspace && !trusted
        ? `, or label it to match the operator's default-namespace selector "${String(selector)}" to use the default workspace.`
        : '.';
    throw new Stop(Reasons.NoWorkspaceMapping, annotate + howToDefault, { terminal: true });
  }
  if (!UUID.test(organization) || !UUID.test(workspace)) {
    throw new Stop(
      Reasons.NoWorkspaceMapping,
      `The ${ORGANIZATION_ANNOTATION} and ${WORKSPACE_ANNOTATION} annotations of namespace ${ns} must be UUIDs.`,
      { terminal: true },
    );
  }
  return { organization, workspace };
}
