import type { BucketCredentials } from '../schema.ts';
import type { RotatedCredentials } from '../credentials.ts';
import { html } from '../../../ui/html.ts';
import type { PageContext } from '../../../ui/context.ts';
import { alerts, confirmBox, copyField, csrfField } from '../../../ui/fields.ts';
import { minute } from '../../../ui/format.ts';
import { layout } from '../../../ui/layout.ts';
import { bucketHeader } from './bucket.ts';
import { CONFIRM_REVEAL, envLink, openAfterSaving, REVEAL_BOX } from './create.ts';
import type { BucketPlace } from './bucket.ts';

/**
 * A bucket's Credentials tab: what revealing means and its form, a reveal's answer (hidden again
 * after a minute), and the rotation with the new key shown once.
 */

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
            ? html`<form method="post" action="/ui/buckets/${b.id}/credentials/" novalidate>
                ${csrfField(p.csrf)}
                ${confirmBox({ id: 'confirm', label: REVEAL_BOX, message: CONFIRM_REVEAL, error: s.confirmError })}
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
              <form
                method="post"
                action="/ui/buckets/${b.id}/credentials/rotate/"
                data-busy="Rotating…"
                novalidate
              >
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
    p.frame('buckets'),
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
        ${envLink({ ...r, name: b.name, endpoint: b.endpoint })} ${openAfterSaving(b)}
      </div>`,
    p.frame('buckets'),
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
    p.frame('buckets'),
  );
}
