import { BucketName } from '../schema.ts';
import type { Bucket, CreatedBucket } from '../schema.ts';
import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';
import type { PageContext } from '../../../ui/context.ts';
import { alerts, confirmBox, copyField, csrfField, fieldError } from '../../../ui/fields.ts';
import { layout } from '../../../ui/layout.ts';
import { ruleAttrs, rulesOf } from '../../../ui/rules.ts';

/** Creating a bucket: the form (`/ui/buckets/new/`) and its answer, the credentials shown once. */

/** A workspace a bucket may be created in, with its organization's name (the picker's groups). */
export interface WorkspaceChoice {
  readonly id: string;
  readonly name: string;
  readonly organizationId: string;
  readonly organizationName: string;
}

/** What Reveal, and a create that would show an existing bucket's credentials, say unconfirmed. */
export const CONFIRM_REVEAL =
  'Check the box to confirm that you understand this reveal is recorded in the audit log.';
export const REVEAL_BOX = 'I understand this reveal is recorded in the audit log';

export interface BucketFormState {
  readonly workspace: string;
  readonly name: string;
  readonly region: string;
  readonly cors: boolean;
}

/**
 * The API's bucket-name rule (BucketName in areas/buckets/schema.ts), one rule at a time in its
 * order of checks, each with the API's message (ui.js says the first one broken; `\-` keeps the
 * class valid under the `v` flag): the length, the characters and ends, no `xn--`, no `-s3alias`.
 */
export const NAME_RULES = rulesOf(BucketName, [
  { pattern: '.{3,}', breaks: 'ab' },
  { pattern: '.{0,63}', breaks: 'a'.repeat(64) },
  { pattern: String.raw`[a-z0-9][a-z0-9\-]*[a-z0-9]`, breaks: 'Abc' },
  { pattern: '(?!xn--).*', breaks: 'xn--abc' },
  { pattern: '.*(?<!-s3alias)', breaks: 'abc-s3alias' },
]);

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
  // Offered disabled when no region can set CORS rules; ui.js disables it for such a region chosen.
  const corsNowhere = s.regions.every((r) => s.noCors.includes(r));
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
    body = html`<form method="post" action="/ui/buckets/" data-busy="Creating the bucket…" novalidate>
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
        aria-required="true"
        maxlength="63"
        autocomplete="off"
        autocapitalize="none"
        spellcheck="false"
        ${ruleAttrs(NAME_RULES, 'name-live')}
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
            ${
              corsNowhere
                ? 'disabled'
                : html`${s.form?.cors ? 'checked' : ''} data-unavailable-with="region"
                  data-unavailable-for="${JSON.stringify(s.noCors)}"`
            }
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
    p.frame('buckets'),
  );
}

/** What a bucket's `.env` holds: its name, endpoint and one key. */
export interface EnvValues {
  readonly name: string;
  readonly endpoint: string;
  readonly access_key_id: string;
  readonly secret_access_key: string;
}

/**
 * The download of a bucket's `.env`, as a `data:` URL built here: the secret never travels in a
 * request's URL. Offered wherever a key is shown once (creation, rotation).
 */
export function envLink(v: EnvValues): Html {
  const lines = [
    `AWS_ACCESS_KEY_ID=${v.access_key_id}`,
    `AWS_SECRET_ACCESS_KEY=${v.secret_access_key}`,
    `AWS_ENDPOINT_URL_S3=${v.endpoint}`,
    `BUCKET_NAME=${v.name}`,
  ];
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(`${lines.join('\n')}\n`)}`;
  return html`<p>
    <a id="env" href="${href}" download="${v.name}.env">Download them as ${v.name}.env</a>
    <span class="muted">(the four variables for an application's environment)</span>
  </p>`;
}

/** The way on from a page of credentials shown once: to the bucket, once they are saved. */
export function openAfterSaving(b: { readonly id: string; readonly name: string }): Html {
  return html`<p class="actions">
    <a class="button" id="open-bucket" href="/ui/buckets/${b.id}/" data-leave
      >I have saved them: open ${b.name}</a
    >
  </p>`;
}

/** The answer to a creation: the credentials, shown this once (an adoption says so). */
export function createdPage(p: PageContext, b: CreatedBucket, adopted: boolean): string {
  return layout(
    adopted ? 'Existing bucket' : 'Bucket created',
    html`<p class="crumbs">
        <a href="/ui/buckets/">Buckets</a> / <a href="/ui/buckets/${b.id}/">${b.name}</a>
      </p>
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
        ${envLink({ ...b.credentials, name: b.name, endpoint: b.endpoint })} ${openAfterSaving(b)}
      </div>`,
    p.frame('buckets'),
  );
}

export interface ExistingProps {
  /** The workspace's bucket of the name asked for, in that region. */
  readonly bucket: Bucket;
  readonly form: BucketFormState;
  readonly confirmError?: string | undefined;
}

/**
 * A creation whose name the workspace already has in that region: the API would answer with that
 * bucket's credentials, so the page first asks the same confirmation as Reveal does.
 */
export function existingPage(p: PageContext, s: ExistingProps): string {
  const b = s.bucket;
  return layout(
    `Bucket ${b.name} already exists`,
    html`<p class="crumbs"><a href="/ui/buckets/">Buckets</a> / New</p>
      <div class="card">
        <h1>Bucket ${b.name} already exists</h1>
        <p id="exists">
          This workspace already has a bucket of this name in ${b.region}:
          <a href="/ui/buckets/${b.id}/">${b.name}</a>. Nothing new is created. You can see its existing
          credentials, as on its Credentials tab: that is a reveal, recorded in the audit log with your name
          and the time.
        </p>
        <form method="post" action="/ui/buckets/" data-busy="Showing…" novalidate>
          ${csrfField(p.csrf)}
          <input type="hidden" name="workspace" value="${s.form.workspace}" />
          <input type="hidden" name="name" value="${s.form.name}" />
          <input type="hidden" name="region" value="${s.form.region}" />
          <input type="hidden" name="existing" value="${b.id}" />
          ${confirmBox({ id: 'confirm', label: REVEAL_BOX, message: CONFIRM_REVEAL, error: s.confirmError })}
          <div class="actions">
            <button type="submit">Show its credentials</button>
            <a href="/ui/buckets/new/?workspace=${s.form.workspace}">Choose another name</a>
          </div>
        </form>
      </div>`,
    p.frame('buckets'),
  );
}
