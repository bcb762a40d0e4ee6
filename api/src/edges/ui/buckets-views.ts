import { BucketName } from '../../areas/buckets/schema.ts';
import type { Bucket, BucketCredentials, CreatedBucket } from '../../areas/buckets/schema.ts';
import type { RotatedCredentials } from '../../areas/buckets/credentials.ts';
import { html } from './html.ts';
import type { Html } from './html.ts';
import type { PageContext } from './context.ts';
import { alerts, bytes, copyField, csrfField, fieldError, layout, minute } from './layout.ts';

/**
 * The views of the bucket pages (routes in buckets.ts): the list, the creation form and its
 * show-once credentials, a bucket's Overview, Credentials (reveal) and Delete tabs.
 */

/** A workspace a bucket may be created in, with its organization's name (the picker's groups). */
export interface WorkspaceChoice {
  readonly id: string;
  readonly name: string;
  readonly organizationId: string;
  readonly organizationName: string;
}

/** Organization and workspace names by ID, for the list and the pages of one bucket. */
export interface Names {
  readonly organizations: ReadonlyMap<string, string>;
  readonly workspaces: ReadonlyMap<string, string>;
}

/** What the user may do with one bucket: which tabs the detail pages show. */
export interface Allowed {
  readonly reveal: boolean;
  readonly delete: boolean;
}

export interface BucketFormState {
  readonly workspace: string;
  readonly name: string;
  readonly region: string;
  readonly cors: boolean;
}

const messageOf = (name: string): string => BucketName.safeParse(name).error?.issues[0]?.message ?? '';

/**
 * The API's bucket-name rule (BucketName in areas/buckets/schema.ts) as an HTML `pattern` (the
 * browser anchors it; `\-` keeps it valid under the `v` flag browsers use), next to `minlength` 3
 * and `maxlength` 63: the characters, no `xn--` prefix, no `-s3alias` suffix.
 */
export const NAME_PATTERN = String.raw`(?!xn--)[a-z0-9][a-z0-9\-]*[a-z0-9](?<!-s3alias)`;
/** What the browser says while the name breaks the rule: the API's own messages. */
export const NAME_HINT = [messageOf('ab'), messageOf('Abc'), messageOf('xn--abc'), messageOf('abc-s3alias')]
  .filter(Boolean)
  .join(' ');

const STATE_NAMES: Record<Bucket['state'], string> = {
  provisioning: 'Being created',
  ready: 'Ready',
  deleting: 'Being deleted',
};

const frame = (p: PageContext) => ({ user: p.user, csrf: p.csrf, section: 'buckets' as const });

const nameIn = (names: ReadonlyMap<string, string>, id: string) => names.get(id) ?? 'another one';

export interface ListProps {
  readonly buckets: readonly Bucket[];
  readonly count: number;
  readonly page: number;
  readonly pageSize: number;
  readonly hasNext: boolean;
  readonly region: string | undefined;
  readonly regions: readonly string[];
  readonly names: Names;
  readonly canCreate: boolean;
  readonly notice: string | undefined;
}

const listHref = (region: string | undefined, page: number) => {
  const q = new URLSearchParams();
  if (region) q.set('region', region);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return `/ui/buckets/${s ? `?${s}` : ''}`;
};

/** `/ui/buckets/`: the buckets the user can see, filtered by region, 100 a page. */
export function listPage(p: PageContext, s: ListProps): string {
  const pages = Math.max(1, Math.ceil(s.count / s.pageSize));
  return layout(
    'Buckets',
    html`<div class="card">
      <h1>Buckets</h1>
      ${alerts({ notice: s.notice })}
      <p class="muted">
        The S3 buckets of the workspaces you belong to. Each has its own access user, which can use that
        bucket only. Occupancy and object counts are as last measured on the storage cluster.
      </p>
      ${s.canCreate ? html`<p><a class="button" id="create" href="/ui/buckets/new/">Create a bucket</a></p>` : ''}
      ${
        s.regions.length > 1 || s.region
          ? html`<form method="get" action="/ui/buckets/" class="actions">
              <label for="region-filter">Region</label>
              <select id="region-filter" name="region">
                <option value="">All regions</option>
                ${[...new Set([...s.regions, ...(s.region ? [s.region] : [])])].map((r) => html`<option value="${r}" ${r === s.region ? 'selected' : ''}>${r}</option>`)}
              </select>
              <button class="secondary" type="submit">Show</button>
            </form>`
          : ''
      }
      ${
        s.buckets.length
          ? html`<div class="scroll">
              <table id="buckets">
                <caption class="visually-hidden">
                  Buckets${s.region ? ` in region ${s.region}` : ''}, page ${s.page} of ${pages}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Organization / workspace</th>
                    <th scope="col">Region</th>
                    <th scope="col" class="num">Occupancy</th>
                    <th scope="col" class="num">Objects</th>
                    <th scope="col">Usage measured</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  ${s.buckets.map(
                    (b) =>
                      html`<tr data-bucket="${b.id}">
                        <td><a href="/ui/buckets/${b.id}/">${b.name}</a></td>
                        <td>
                          ${nameIn(s.names.organizations, b.organization)} /
                          ${nameIn(s.names.workspaces, b.workspace)}
                        </td>
                        <td data-region="${b.region}">${b.region}</td>
                        <td class="num">${bytes(b.usage.bytes)}</td>
                        <td class="num">${b.usage.objects ?? '–'}</td>
                        <td>${minute(b.usage.updated_at, 'not yet')}</td>
                        <td>${STATE_NAMES[b.state]}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>
            </div>`
          : html`<p id="no-buckets" class="muted">
              ${s.region ? `There are no buckets in region ${s.region} that you can see.` : 'There are no buckets that you can see yet.'}
            </p>`
      }
      ${
        pages > 1
          ? html`<nav class="actions" aria-label="Pages">
              ${s.page > 1 ? html`<a href="${listHref(s.region, s.page - 1)}" rel="prev">Previous page</a>` : ''}
              <span class="muted">Page ${s.page} of ${pages} (${s.count} buckets)</span>
              ${s.hasNext ? html`<a href="${listHref(s.region, s.page + 1)}" rel="next">Next page</a>` : ''}
            </nav>`
          : ''
      }
    </div>`,
    frame(p),
  );
}

export interface NewProps {
  readonly choices: readonly WorkspaceChoice[];
  readonly regions: readonly string[];
  /** Regions whose storage cannot set CORS rules. */
  readonly noCors: readonly string[];
  readonly form?: BucketFormState | undefined;
  readonly fields?: Readonly<Record<string, string>>;
  readonly error?: string | undefined;
}

/** `/ui/buckets/new/`: the creation form (or why there is none). */
export function newPage(p: PageContext, s: NewProps): string {
  const f = s.fields ?? {};
  const groups = new Map<string, WorkspaceChoice[]>();
  for (const w of s.choices) groups.set(w.organizationName, [...(groups.get(w.organizationName) ?? []), w]);
  const describe = (id: string, ...ids: string[]) =>
    html`aria-describedby="${[...ids, ...(f[id] ? [`${id}-error`] : [])].join(' ')}"
    ${f[id] ? html`aria-invalid="true"` : ''}`;
  let body: Html;
  if (!s.choices.length)
    body = html`<p id="cannot-create">
      You cannot create buckets: that needs the role User or above in a workspace, and you have it in none. An
      administrator of your workspace or organization can give it to you.
    </p>`;
  else if (!s.regions.length)
    body = html`<p id="no-regions">
      No storage region is configured on this API, so buckets cannot be created yet. An operator adds regions
      in the API's configuration file (PLINTH_CONFIG).
    </p>`;
  else
    body = html`<form method="post" action="/ui/buckets/" data-busy="Creating the bucket…">
      ${csrfField(p.csrf)}
      <label for="workspace">Workspace</label>
      <select id="workspace" name="workspace" required ${describe('workspace')}>
        ${[...groups].map(
          ([org, ws]) =>
            html`<optgroup label="${org}">
              ${ws.map((w) => html`<option value="${w.id}" ${w.id === s.form?.workspace ? 'selected' : ''}>${w.name}</option>`)}
            </optgroup>`,
        )}
      </select>
      ${fieldError('workspace', f.workspace)}
      <label for="name">Name</label>
      <input
        id="name"
        name="name"
        type="text"
        required
        minlength="3"
        maxlength="63"
        pattern="${NAME_PATTERN}"
        autocomplete="off"
        autocapitalize="none"
        spellcheck="false"
        data-live="name-live"
        data-hint="${NAME_HINT}"
        value="${s.form?.name ?? ''}"
        ${describe('name', 'name-rule', 'name-live')}
      />
      <p id="name-rule" class="hint">
        3 to 63 lowercase letters, digits and dashes, starting and ending with a letter or digit; unique in
        its region. Applications see it as BUCKET_NAME.
      </p>
      <p id="name-live" class="error" aria-live="polite"></p>
      ${fieldError('name', f.name)}
      <label for="region">Region</label>
      <select id="region" name="region" required ${describe('region')}>
        ${s.regions.map((r) => html`<option value="${r}" ${r === s.form?.region ? 'selected' : ''}>${r}</option>`)}
      </select>
      ${fieldError('region', f.region)}
      <fieldset>
        <legend>Browser access</legend>
        <label class="check">
          <input
            type="checkbox"
            id="cors_allow_all"
            name="cors_allow_all"
            value="on"
            ${s.form?.cors ? 'checked' : ''}
            ${describe('cors_allow_all', 'cors-hint')}
          />
          Let web pages of any site use this bucket from the browser (CORS allow-all)
        </label>
        <p id="cors-hint" class="hint">
          Browsers then let scripts on any website send requests to the bucket, for example to upload with a
          presigned URL; each request still needs the bucket's credentials or a signed URL. Leave it off
          unless a web application needs it.
          ${s.noCors.length ? `Not available in ${s.noCors.join(', ')}: the storage of ${s.noCors.length > 1 ? 'these regions' : 'this region'} cannot set CORS rules.` : ''}
        </p>
        ${fieldError('cors_allow_all', f.cors_allow_all)}
      </fieldset>
      <button type="submit">Create bucket</button>
      <p data-progress hidden class="muted" role="status">
        Creating the bucket and its access user on the storage cluster; this takes a few seconds.
      </p>
    </form>`;
  return layout(
    'Create a bucket',
    html`<p class="crumbs"><a href="/ui/buckets/">Buckets</a> / New</p>
      <div class="card">
        <h1>Create a bucket</h1>
        ${alerts({ error: s.error })} ${body}
      </div>`,
    frame(p),
  );
}

/** The `.env` of a bucket, as a `data:` URL built here: the secret never travels in a request's URL. */
function envFile(b: CreatedBucket): string {
  const lines = [
    `AWS_ACCESS_KEY_ID=${b.credentials.access_key_id}`,
    `AWS_SECRET_ACCESS_KEY=${b.credentials.secret_access_key}`,
    `AWS_ENDPOINT_URL_S3=${b.endpoint}`,
    `BUCKET_NAME=${b.name}`,
  ];
  return `data:text/plain;charset=utf-8,${encodeURIComponent(`${lines.join('\n')}\n`)}`;
}

/** The answer to a creation: the credentials, shown this once (an adoption says so). */
export function createdPage(p: PageContext, b: CreatedBucket, adopted: boolean): string {
  return layout(
    'Bucket created',
    html`<p class="crumbs"><a href="/ui/buckets/">Buckets</a> / ${b.name}</p>
      <div class="card" data-show-once>
        <h1>${adopted ? `Bucket ${b.name} already exists` : `Bucket ${b.name} created`}</h1>
        ${
          adopted
            ? html`<p id="adopted">
                This workspace already has a bucket of this name in ${b.region}: nothing new was created, and
                here are its existing credentials. Showing them is recorded in the audit log.
              </p>`
            : html`<p>In region ${b.region}, with its own access user, which can use this bucket only.</p>`
        }
        <p class="error" role="alert">
          Save the secret key now: this page shows it once. People allowed to (Users and administrators of the
          workspace) can reveal it again on the bucket's Credentials tab, and each reveal is recorded in the
          audit log.
        </p>
        ${copyField('access_key_id', 'Access key ID (AWS_ACCESS_KEY_ID)', b.credentials.access_key_id)}
        ${copyField('secret_access_key', 'Secret key (AWS_SECRET_ACCESS_KEY)', b.credentials.secret_access_key)}
        ${copyField('endpoint', 'Endpoint URL (AWS_ENDPOINT_URL_S3)', b.endpoint)}
        ${copyField('bucket_name', 'Bucket name (BUCKET_NAME)', b.name)}
        <p>
          <a id="env" href="${envFile(b)}" download="${b.name}.env">Download them as ${b.name}.env</a>
          <span class="muted">(the four variables above, for an application's environment)</span>
        </p>
        <p><a class="button" href="/ui/buckets/${b.id}/" data-leave>I have saved them</a></p>
      </div>`,
    frame(p),
  );
}

type Tab = 'overview' | 'credentials' | 'delete';

function bucketHeader(b: Bucket, active: Tab, allowed: Allowed): Html {
  const tabs: [Tab, string, string][] = [['overview', 'Overview', '']];
  if (allowed.reveal) tabs.push(['credentials', 'Credentials', 'credentials/']);
  if (allowed.delete) tabs.push(['delete', 'Delete', 'delete/']);
  return html`<p class="crumbs"><a href="/ui/buckets/">Buckets</a> / ${b.name}</p>
    <nav class="tabs" aria-label="Bucket ${b.name}">
      ${tabs.map(
        ([tab, label, path]) =>
          html`<a href="/ui/buckets/${b.id}/${path}" ${tab === active ? html`aria-current="page"` : ''}
            >${label}</a
          >`,
      )}
    </nav>`;
}

export interface BucketPlace {
  readonly bucket: Bucket;
  readonly organizationName: string;
  readonly workspaceName: string;
  readonly allowed: Allowed;
}

/** `/ui/buckets/{id}/`: the Overview tab. */
export function overviewPage(p: PageContext, s: BucketPlace): string {
  const b = s.bucket;
  const row = (label: string, value: Html | string) =>
    html`<tr>
      <th scope="row">${label}</th>
      <td>${value}</td>
    </tr>`;
  return layout(
    b.name,
    html`${bucketHeader(b, 'overview', s.allowed)}
      <div class="card">
        <h1>${b.name}</h1>
        <div class="scroll">
          <table id="bucket">
            <tbody>
              ${row('Status', STATE_NAMES[b.state])} ${row('Region', b.region)}
              ${row('Endpoint', html`<code>${b.endpoint}</code>`)}
              ${row('Organization', html`<a href="/ui/organizations/${b.organization}/">${s.organizationName}</a>`)}
              ${row('Workspace', html`<a href="/ui/workspaces/${b.workspace}/">${s.workspaceName}</a>`)}
              ${row(
                'Browser access (CORS)',
                b.cors_allow_all ? 'Allowed from any website' : 'Off: only the storage defaults apply',
              )}
              ${row('Occupancy', bytes(b.usage.bytes))} ${row('Objects', String(b.usage.objects ?? '–'))}
              ${row('Usage measured', minute(b.usage.updated_at, 'not yet'))}
              ${
                b.owner_reference
                  ? row(
                      'Managed from Kubernetes',
                      `${b.owner_reference.namespace}/${b.owner_reference.name} in cluster ${b.owner_reference.cluster_id}`,
                    )
                  : ''
              }
              ${row('Created', minute(b.created_at, ''))}
            </tbody>
          </table>
        </div>
        <p class="muted">
          Applications reach the bucket with any S3 client, with the endpoint, the bucket name and its access
          user's credentials${s.allowed.reveal ? ', which the Credentials tab reveals' : ''}.
        </p>
      </div>`,
    frame(p),
  );
}

export interface CredentialsProps extends BucketPlace {
  readonly error?: string | undefined;
  readonly confirmError?: string | undefined;
  readonly rotateError?: string | undefined;
}

/** The grace choices of a rotation: how long the old key keeps working ('' = the API's default). */
const GRACE_CHOICES = [
  ['', "The API's default (usually a day)"],
  ['3600', 'One hour'],
  ['604800', 'Seven days'],
  ['0', 'End the old key now (it leaked)'],
] as const;

const cannotReveal = html`<p id="cannot-reveal">
  Your role cannot reveal this bucket's credentials: a User or an administrator of its workspace can.
</p>`;

/** `/ui/buckets/{id}/credentials/`: what revealing means, and the form that does it. */
export function credentialsPage(p: PageContext, s: CredentialsProps): string {
  const b = s.bucket;
  return layout(
    `Credentials of ${b.name}`,
    html`${bucketHeader(b, 'credentials', s.allowed)}
      <div class="card">
        <h1>Credentials of ${b.name}</h1>
        ${alerts({ error: s.error })}
        <p>
          The bucket has its own access user, which can use this bucket only. Revealing shows its access key
          ID and secret key again. Every reveal is recorded in the audit log, with your name and the time, and
          the organization's administrators can see it.
        </p>
        ${
          s.allowed.reveal
            ? html`<form method="post" action="/ui/buckets/${b.id}/credentials/">
                ${csrfField(p.csrf)}
                <label class="check">
                  <input
                    type="checkbox"
                    id="confirm"
                    name="confirm"
                    value="yes"
                    required
                    ${s.confirmError ? html`aria-invalid="true" aria-describedby="confirm-error"` : ''}
                  />
                  I understand this reveal is recorded in the audit log
                </label>
                ${fieldError('confirm', s.confirmError)}
                <button type="submit">Reveal credentials</button>
              </form>`
            : cannotReveal
        }
      </div>
      ${
        s.allowed.reveal
          ? html`<div class="card">
              <h2>Rotate the credentials</h2>
              ${alerts({ error: s.rotateError })}
              <p>
                Rotating gives the bucket a new access key, shown to you once here. The old key keeps working
                for the grace period you choose, so applications can move to the new one without a failed
                request; then it is removed.
                ${
                  b.previous_key_expires_at
                    ? html`<strong id="in-grace"
                        >The key replaced by the last rotation still works until
                        ${minute(b.previous_key_expires_at, '')}; rotating now ends it at once.</strong
                      >`
                    : ''
                }
              </p>
              <form method="post" action="/ui/buckets/${b.id}/credentials/rotate/" data-busy="Rotating…">
                ${csrfField(p.csrf)}
                <label for="grace_seconds">The old key keeps working for</label>
                <select id="grace_seconds" name="grace_seconds">
                  ${GRACE_CHOICES.map(([value, label]) => html`<option value="${value}">${label}</option>`)}
                </select>
                <button class="secondary" type="submit">Rotate credentials</button>
              </form>
            </div>`
          : ''
      }`,
    frame(p),
  );
}

/** The answer to a rotation: the new key, shown this once, and when the old one stops. */
export function rotatedPage(p: PageContext, s: BucketPlace, r: RotatedCredentials): string {
  const b = s.bucket;
  return layout(
    `New credentials of ${b.name}`,
    html`${bucketHeader(b, 'credentials', s.allowed)}
      <div class="card" data-show-once>
        <h1>New credentials of ${b.name}</h1>
        <p class="error" role="alert">
          Copy the new secret now: it is shown this once (it can be revealed again on the Credentials tab).
        </p>
        <p id="old-key">
          The old key <code>${r.previous_access_key_id}</code> works until
          <strong>${minute(r.previous_expires_at, '')}</strong>. Give your applications the new one before
          then.
        </p>
        ${copyField('access_key_id', 'Access key ID (AWS_ACCESS_KEY_ID)', r.access_key_id)}
        ${copyField('secret_access_key', 'Secret key (AWS_SECRET_ACCESS_KEY)', r.secret_access_key)}
        <p><a class="button" href="/ui/buckets/${b.id}/" data-leave>I have saved them</a></p>
      </div>`,
    frame(p),
  );
}

/** The answer to a reveal: the values for a minute (with script), then hidden again. */
export function revealedPage(p: PageContext, s: BucketPlace, c: BucketCredentials): string {
  const b = s.bucket;
  return layout(
    `Credentials of ${b.name}`,
    html`${bucketHeader(b, 'credentials', s.allowed)}
      <div class="card" data-autohide="60">
        <h1>Credentials of ${b.name}</h1>
        <p class="muted">This reveal is recorded in the audit log.</p>
        <div data-secret>
          <p role="status">These values are hidden again in <span data-countdown>60</span> seconds.</p>
          ${copyField('access_key_id', 'Access key ID (AWS_ACCESS_KEY_ID)', c.access_key_id)}
          ${copyField('secret_access_key', 'Secret key (AWS_SECRET_ACCESS_KEY)', c.secret_access_key)}
        </div>
        ${copyField('endpoint', 'Endpoint URL (AWS_ENDPOINT_URL_S3)', b.endpoint)}
        ${copyField('bucket_name', 'Bucket name (BUCKET_NAME)', b.name)}
        <p data-hidden-note hidden>
          The access key and secret are hidden again. To see them, reveal them again on the
          <a href="/ui/buckets/${b.id}/credentials/">Credentials</a> tab (another audit entry).
        </p>
        <noscript>
          <p>
            Without JavaScript they are not hidden on their own: leave this page when you are done to hide
            them.
          </p>
        </noscript>
        <p><a href="/ui/buckets/${b.id}/">Done</a></p>
      </div>`,
    frame(p),
  );
}

export interface DeleteProps extends BucketPlace {
  readonly error?: string | undefined;
  readonly nameError?: string | undefined;
  readonly typed?: string | undefined;
}

/** `/ui/buckets/{id}/delete/`: what deleting does to the data, and the typed-name confirmation. */
export function deletePage(p: PageContext, s: DeleteProps): string {
  const b = s.bucket;
  const usage =
    b.usage.updated_at === null
      ? 'Its usage has not been measured yet.'
      : `When last measured (${minute(b.usage.updated_at, '')}), it held ${b.usage.objects ?? 0} objects (${bytes(b.usage.bytes)}).`;
  return layout(
    `Delete ${b.name}`,
    html`${bucketHeader(b, 'delete', s.allowed)}
      <div class="card">
        <h1>Delete ${b.name}?</h1>
        ${alerts({ error: s.error })}
        <p>
          Deleting removes the bucket's access user and its policy from the storage cluster: its access key
          stops working, and so does every upload URL issued for the bucket.
        </p>
        <p id="data">
          <strong>The bucket is deleted only if it is empty.</strong> If it still holds objects, nothing is
          deleted or changed, and you are told so: Plinth never deletes data. Empty it first with an S3
          client. ${usage}
        </p>
        <p>This cannot be undone: a new bucket of the same name would get new credentials.</p>
        ${
          s.allowed.delete
            ? html`<form method="post" action="/ui/buckets/${b.id}/delete/" data-busy="Deleting…">
                ${csrfField(p.csrf)}
                <label for="confirm_name">Type the bucket name, <code>${b.name}</code>, to confirm</label>
                <input
                  id="confirm_name"
                  name="confirm_name"
                  type="text"
                  required
                  maxlength="63"
                  autocomplete="off"
                  autocapitalize="none"
                  spellcheck="false"
                  value="${s.typed ?? ''}"
                  ${s.nameError ? html`aria-invalid="true" aria-describedby="confirm_name-error"` : ''}
                />
                ${fieldError('confirm_name', s.nameError)}
                <div class="actions">
                  <button class="danger" type="submit">Delete the bucket</button>
                  <a href="/ui/buckets/${b.id}/">Cancel</a>
                </div>
              </form>`
            : html`<p id="cannot-delete">
                Your role cannot delete this bucket: an administrator of its workspace or organization can.
              </p>`
        }
      </div>`,
    frame(p),
  );
}
