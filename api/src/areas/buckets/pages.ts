import type { Context, Hono } from 'hono';
import type { AreaPageDeps } from '../area.ts';
import { BucketCreateSchema, BucketName, CredentialRotationSchema } from './schema.ts';
import type { Bucket, BucketListQuery } from './schema.ts';
import { createBucket } from './adopt.ts';
import type { BucketContext } from './common.ts';
import { revealCredentials, rotateCredentials } from './credentials.ts';
import { bucketToAdopt, getBucket, listBuckets, regionAggregates } from './queries.ts';
import { deleteBucket } from './saga.ts';
import { getOrganization, listOrganizations } from '../organizations/public.ts';
import { getWorkspace, listWorkspaces } from '../workspaces/public.ts';
import type { Workspace } from '../workspaces/public.ts';
import { DomainError } from '../../core/errors.ts';
import { MAX_PAGE } from '../../core/pagination.ts';
import { fieldErrors } from '../../core/validation.ts';
import { STATUS_OF } from '../../http/errors.ts';
import type { PageContext, UiEnv } from '../../ui/context.ts';
import { idParam, may, pagesWith, printable } from '../../ui/context.ts';
import { errorsByField, field } from '../../ui/forms.ts';
import { deletePage, overviewPage } from './pages/bucket.ts';
import type { Allowed, BucketPlace } from './pages/bucket.ts';
import { CONFIRM_REVEAL, createdPage, existingPage, newPage } from './pages/create.ts';
import type { BucketFormState, WorkspaceChoice } from './pages/create.ts';
import { credentialsPage, revealedPage, rotatedPage } from './pages/credentials.ts';
import { listPage } from './pages/list.ts';
import type { Names } from './pages/list.ts';

/**
 * The bucket pages (`/ui/buckets/…`): the list, creation with its credentials shown once, and each
 * bucket's Overview, Credentials (reveal, audited) and Delete tabs. They call the bucket service
 * with the session's principal, so the API's rules, messages and audit entries apply unchanged;
 * the pages only offer what the role may do. Secrets appear in two response bodies only (the
 * creation's answer and a reveal's), never in a URL or a log.
 */

const PAGE_SIZE = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The form's fields; a field error on anything else is shown at the top of the form. */
const FORM_FIELDS = new Set(['workspace', 'name', 'region', 'cors_allow_all']);

/** A DomainError's status, as the API answers it. */
const statusOf = (err: DomainError) => STATUS_OF[err.kind] as 400;

/** A DomainError the page shows beside its form; a not-found (or anything else) goes to `page`. */
const shown = (err: unknown): err is DomainError => err instanceof DomainError && err.kind !== 'not_found';

export function registerBucketPages(ui: Hono<UiEnv>, deps: AreaPageDeps): void {
  const page = pagesWith(deps);
  const { storage } = deps;
  /** What the bucket services act with: the page's context and the storage runtime. */
  const bucketContext = (p: PageContext): BucketContext => ({ ...p.ctx, storage });
  const regions = () => [...storage.config.regions.keys()];
  /** Regions whose cluster cannot set CORS rules (MinIO), which the form names. */
  const regionsWithoutCors = () =>
    [...storage.config.regions]
      .filter(([, cluster]) => !storage.driver(cluster).supportsCors)
      .map(([r]) => r);

  /** The organizations and workspaces the user can see (the first 500 of each). */
  const directory = async (p: PageContext): Promise<Directory> => {
    const url = new URL('http://ui/ui/buckets/');
    const [orgs, workspaces] = await Promise.all([
      listOrganizations(p.ctx, url, { page: 1, page_size: 500 }),
      listWorkspaces(p.ctx, url, { page: 1, page_size: 500 }),
    ]);
    return {
      organizations: new Map(orgs.results.map((o) => [o.id, o.name])),
      workspaces: workspaces.results,
    };
  };

  /**
   * The workspaces the user may create buckets in. A role in an organization holds in each of its
   * workspaces (a workspace role only adds to it), so one check per organization answers for all of
   * its workspaces when it allows; otherwise each workspace is asked on its own.
   */
  const creatable = async (p: PageContext, dir: Directory): Promise<WorkspaceChoice[]> => {
    const byOrg = new Map<string, Workspace[]>();
    for (const w of dir.workspaces) byOrg.set(w.organization, [...(byOrg.get(w.organization) ?? []), w]);
    const out: WorkspaceChoice[] = [];
    for (const [organizationId, workspaces] of byOrg) {
      const wholeOrg = await may(p.ctx, 'bucket.create', { organizationId });
      for (const w of workspaces)
        if (wholeOrg || (await may(p.ctx, 'bucket.create', { organizationId, workspaceId: w.id })))
          out.push({
            id: w.id,
            name: w.name,
            organizationId,
            organizationName: dir.organizations.get(organizationId) ?? 'Another organization',
          });
    }
    return out.sort(
      (a, b) => a.organizationName.localeCompare(b.organizationName) || a.name.localeCompare(b.name),
    );
  };

  /** Names of the buckets' organizations and workspaces; those beyond the directory's 500 asked one by one. */
  const namesOf = async (p: PageContext, dir: Directory, list: readonly Bucket[]): Promise<Names> => {
    const organizations = new Map(dir.organizations);
    const workspaces = new Map(dir.workspaces.map((w) => [w.id, w.name]));
    for (const b of list) {
      if (!organizations.has(b.organization)) {
        const o = await orNull(getOrganization(p.ctx, b.organization));
        if (o) organizations.set(o.id, o.name);
      }
      if (!workspaces.has(b.workspace)) {
        const w = await orNull(getWorkspace(p.ctx, b.workspace));
        if (w) workspaces.set(w.id, w.name);
      }
    }
    return { organizations, workspaces };
  };

  /** One bucket the user can see (404 otherwise), its names, and which tabs the role may use. */
  const placeOf = async (c: Context<UiEnv>, p: PageContext): Promise<BucketPlace> => {
    const bucket = await getBucket(bucketContext(p), idParam(c));
    const scope = { organizationId: bucket.organization, workspaceId: bucket.workspace };
    const [org, ws, reveal, remove] = await Promise.all([
      getOrganization(p.ctx, bucket.organization),
      getWorkspace(p.ctx, bucket.workspace),
      may(p.ctx, 'bucket.reveal_credentials', scope),
      may(p.ctx, 'bucket.delete', scope),
    ]);
    const allowed: Allowed = { reveal, delete: remove };
    return { bucket, organizationName: org.name, workspaceName: ws.name, allowed };
  };

  ui.get(
    '/ui/buckets/',
    page('buckets', async (c, p) => {
      const q = c.req.query();
      const region = q.region && q.region.length <= 63 && printable(q.region) ? q.region : undefined;
      const n = /^\d{1,7}$/.test(q.page ?? '') ? Number(q.page) : 1;
      const pageNo = n >= 1 && n <= MAX_PAGE ? n : 1;
      const query: BucketListQuery = { page: pageNo, page_size: PAGE_SIZE, ...(region && { region }) };
      const list = await listBuckets(bucketContext(p), new URL('http://ui/ui/buckets/'), query);
      const dir = await directory(p);
      const [names, choices, totals] = await Promise.all([
        namesOf(p, dir, list.results),
        creatable(p, dir),
        regionAggregates(bucketContext(p)),
      ]);
      const deleted = q.deleted && BucketName.safeParse(q.deleted).success ? q.deleted : undefined;
      return c.html(
        listPage(p, {
          buckets: list.results,
          count: list.count,
          page: pageNo,
          pageSize: PAGE_SIZE,
          hasNext: list.next !== null,
          region,
          regions: regions(),
          names,
          totals,
          canCreate: choices.length > 0,
          notice: deleted ? `The bucket ${deleted} is deleted, with its access user.` : undefined,
        }),
      );
    }),
  );

  ui.get(
    '/ui/buckets/new/',
    page('buckets', async (c, p) => {
      const choices = await creatable(p, await directory(p));
      const wanted = c.req.query('workspace');
      const form: BucketFormState | undefined = wanted
        ? { workspace: wanted, name: '', region: '', cors: false }
        : undefined;
      return c.html(newPage(p, { choices, regions: regions(), noCors: regionsWithoutCors(), form }));
    }),
  );

  ui.post(
    '/ui/buckets/',
    page('buckets', async (c, p) => {
      const form = await c.req.parseBody();
      const state: BucketFormState = {
        workspace: field(form, 'workspace'),
        name: field(form, 'name'),
        region: field(form, 'region'),
        cors: field(form, 'cors_allow_all') !== '',
      };
      const dir = await directory(p);
      const again = async (status: number, error: string, fields: Record<string, string> = {}) => {
        // Field errors the form has no place for are said at the top.
        const elsewhere = Object.entries(fields).filter(([k]) => !FORM_FIELDS.has(k));
        const top = elsewhere.length ? `${error} ${elsewhere.map(([, v]) => v).join(' ')}` : error;
        return c.html(
          newPage(p, {
            choices: await creatable(p, dir),
            regions: regions(),
            noCors: regionsWithoutCors(),
            form: state,
            fields,
            error: top,
          }),
          status as 400,
        );
      };
      // The workspace names its organization; one the user cannot see is no choice at all.
      const workspace = UUID.test(state.workspace)
        ? (dir.workspaces.find((w) => w.id === state.workspace.toLowerCase()) ??
          (await orNull(getWorkspace(p.ctx, state.workspace))))
        : null;
      const parsed = BucketCreateSchema.safeParse({
        name: state.name,
        region: state.region,
        organization: workspace?.organization ?? '',
        workspace: state.workspace,
        cors_allow_all: state.cors,
      });
      const fields = parsed.success ? {} : errorsByField(fieldErrors(parsed.error.issues));
      if (!workspace) {
        delete fields.organization;
        fields.workspace = 'Choose one of the workspaces in the list.';
      }
      if (!parsed.success || !workspace) return again(400, 'The bucket was not created.', fields);
      // A name the workspace already has answers with that bucket's credentials (the API adopts):
      // the page asks the same confirmation as Reveal first.
      const confirmed = field(form, 'confirm') === 'yes';
      const asked = field(form, 'existing') !== '';
      const ask = (bucket: Bucket) =>
        c.html(
          existingPage(p, { bucket, form: state, confirmError: asked ? CONFIRM_REVEAL : undefined }),
          asked ? 400 : 409,
        );
      try {
        const existing = confirmed ? null : await bucketToAdopt(bucketContext(p), parsed.data);
        if (existing) return ask(existing);
        const { outcome, bucket } = await createBucket(bucketContext(p), parsed.data);
        // Made by someone else since the check above: still not shown unconfirmed.
        if (outcome === 'adopted' && !confirmed) return ask(bucket);
        return c.html(createdPage(p, bucket, outcome === 'adopted'), outcome === 'created' ? 201 : 200);
      } catch (err) {
        if (!shown(err)) throw err;
        const byField = errorsByField(err.errors);
        if (byField.organization) {
          byField.workspace ??= byField.organization;
          delete byField.organization;
        }
        return again(
          statusOf(err),
          err.errors?.length ? 'The bucket was not created.' : err.message,
          byField,
        );
      }
    }),
  );

  ui.get(
    '/ui/buckets/:id/',
    page('buckets', async (c, p) => c.html(overviewPage(p, await placeOf(c, p), storage.usageIntervalMs))),
  );

  ui.get(
    '/ui/buckets/:id/credentials/',
    page('buckets', async (c, p) => {
      const place = await placeOf(c, p);
      return c.html(credentialsPage(p, place), place.allowed.reveal ? 200 : 403);
    }),
  );

  ui.post(
    '/ui/buckets/:id/credentials/',
    page('buckets', async (c, p) => {
      const place = await placeOf(c, p);
      const form = await c.req.parseBody();
      if (field(form, 'confirm') !== 'yes')
        return c.html(
          credentialsPage(p, {
            ...place,
            confirmError: CONFIRM_REVEAL,
          }),
          400,
        );
      try {
        const credentials = await revealCredentials(bucketContext(p), place.bucket.id);
        return c.html(revealedPage(p, place, credentials));
      } catch (err) {
        if (!shown(err)) throw err;
        return c.html(credentialsPage(p, { ...place, error: err.message }), statusOf(err));
      }
    }),
  );

  ui.post(
    '/ui/buckets/:id/credentials/rotate/',
    page('buckets', async (c, p) => {
      const place = await placeOf(c, p);
      const form = await c.req.parseBody();
      const grace = field(form, 'grace_seconds');
      const parsed = CredentialRotationSchema.safeParse(grace === '' ? {} : { grace_seconds: Number(grace) });
      if (!parsed.success)
        return c.html(credentialsPage(p, { ...place, rotateError: 'Choose one of the grace periods.' }), 400);
      try {
        const rotated = await rotateCredentials(bucketContext(p), place.bucket.id, parsed.data);
        return c.html(rotatedPage(p, place, rotated));
      } catch (err) {
        if (!shown(err)) throw err;
        return c.html(credentialsPage(p, { ...place, rotateError: err.message }), statusOf(err));
      }
    }),
  );

  ui.get(
    '/ui/buckets/:id/delete/',
    page('buckets', async (c, p) => {
      const place = await placeOf(c, p);
      return c.html(deletePage(p, place), place.allowed.delete ? 200 : 403);
    }),
  );

  ui.post(
    '/ui/buckets/:id/delete/',
    page('buckets', async (c, p) => {
      const place = await placeOf(c, p);
      const form = await c.req.parseBody();
      const typed = field(form, 'confirm_name');
      if (typed !== place.bucket.name)
        return c.html(
          deletePage(p, {
            ...place,
            typed: typed.length <= 63 && printable(typed) ? typed : '',
            nameError: typed
              ? `That is not the bucket's name. Type ${place.bucket.name} exactly.`
              : `Type the bucket's name, ${place.bucket.name}, to confirm.`,
          }),
          400,
        );
      try {
        await deleteBucket(bucketContext(p), place.bucket.id);
      } catch (err) {
        if (!shown(err)) throw err;
        return c.html(deletePage(p, { ...place, error: err.message }), statusOf(err));
      }
      return c.redirect(`/ui/buckets/?deleted=${encodeURIComponent(place.bucket.name)}`, 303);
    }),
  );
}

interface Directory {
  readonly organizations: ReadonlyMap<string, string>;
  readonly workspaces: readonly Workspace[];
}

/** The lookup's answer, or null when the service refuses it (not found, not allowed). */
const orNull = <T>(lookup: Promise<T>): Promise<T | null> =>
  lookup.catch((err: unknown) => {
    if (err instanceof DomainError) return null;
    throw err;
  });
