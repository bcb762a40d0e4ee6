import type { Bucket } from '../schema.ts';
import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';
import type { PageContext } from '../../../ui/context.ts';
import { alerts, csrfField, fieldError } from '../../../ui/fields.ts';
import { bytesExact, count, measured, minute, NOT_MEASURED } from '../../../ui/format.ts';
import { layout } from '../../../ui/layout.ts';
import { fieldRow, table } from '../../../ui/table.ts';

/**
 * One bucket's pages (routes in ../pages.ts): its tabs, the Overview and the Delete tab with its
 * typed-name confirmation. The Credentials tab is credentials.ts's.
 */

/** What the user may do with one bucket: which tabs the detail pages show. */
export interface Allowed {
  readonly reveal: boolean;
  readonly delete: boolean;
}

export const STATE_NAMES: Record<Bucket['state'], string> = {
  provisioning: 'Being created',
  ready: 'Ready',
  deleting: 'Being deleted',
};

type Tab = 'overview' | 'credentials' | 'delete';

export function bucketHeader(b: Bucket, active: Tab, allowed: Allowed): Html {
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

/** "every 5 minutes", "every 90 seconds": how often usage is measured. */
const every = (ms: number): string => {
  const seconds = Math.round(ms / 1000);
  if (seconds % 60 !== 0) return `every ${seconds} seconds`;
  return seconds === 60 ? 'every minute' : `every ${seconds / 60} minutes`;
};

/** `/ui/buckets/{id}/`: the Overview tab; `usageEveryMs` tells a new bucket's owner when to look again. */
export function overviewPage(p: PageContext, s: BucketPlace, usageEveryMs?: number): string {
  const b = s.bucket;
  const u = measured(b.usage, b.created_at);
  const notYet = usageEveryMs ? `${NOT_MEASURED} (usage is measured ${every(usageEveryMs)})` : NOT_MEASURED;
  return layout(
    b.name,
    html`${bucketHeader(b, 'overview', s.allowed)}
      <div class="card">
        <h1>${b.name}</h1>
        ${table({
          id: 'bucket',
          rows: [
            fieldRow('Status', STATE_NAMES[b.state]),
            fieldRow('Region', b.region),
            fieldRow('Endpoint', html`<code>${b.endpoint}</code>`),
            fieldRow(
              'Organization',
              html`<a href="/ui/organizations/${b.organization}/">${s.organizationName}</a>`,
            ),
            fieldRow('Workspace', html`<a href="/ui/workspaces/${b.workspace}/">${s.workspaceName}</a>`),
            fieldRow(
              'Browser access (CORS)',
              b.cors_allow_all ? 'Allowed from any website' : 'Off: only the storage defaults apply',
            ),
            ...(u
              ? [
                  fieldRow('Occupancy', bytesExact(u.bytes)),
                  fieldRow('Objects', count(u.objects)),
                  fieldRow('Usage measured', minute(u.at, '')),
                ]
              : [fieldRow('Occupancy', notYet)]),
            ...(b.owner_reference
              ? [
                  fieldRow(
                    'Managed from Kubernetes',
                    `${b.owner_reference.namespace}/${b.owner_reference.name} in cluster ${b.owner_reference.cluster_id}`,
                  ),
                ]
              : []),
            fieldRow('Created', minute(b.created_at, '')),
          ],
        })}
        <p class="muted">
          Applications reach the bucket with any S3 client, with the endpoint, the bucket name and its access
          user's credentials${s.allowed.reveal ? ', which the Credentials tab reveals' : ''}.
        </p>
      </div>`,
    p.frame('buckets'),
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
  const u = measured(b.usage, b.created_at);
  const usage = u
    ? `When last measured (${minute(u.at, '')}), it held ${count(u.objects)} objects (${bytesExact(u.bytes)}).`
    : `Its usage is ${NOT_MEASURED}.`;
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
            ? html`<form method="post" action="/ui/buckets/${b.id}/delete/" data-busy="Deleting…" novalidate>
                ${csrfField(p.csrf)}
                <label for="confirm_name">Type the bucket name, <code>${b.name}</code>, to confirm</label>
                <input
                  id="confirm_name"
                  name="confirm_name"
                  type="text"
                  aria-required="true"
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
    p.frame('buckets'),
  );
}
