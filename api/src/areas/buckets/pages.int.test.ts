import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, buckets } from '../../core/db/schema/index.ts';
import { BucketName } from '../../areas/buckets/schema.ts';
import { createStorageRuntime } from '../../areas/buckets/storage/runtime.ts';
import { minioStorageConfig } from '../../test/minio-server.ts';
import { CookieJar } from '../../test/oidc-provider.ts';
import { uiClient } from '../../test/ui-client.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import { brokenRule } from '../../ui/rules.ts';
import type { Rule } from '../../ui/rules.ts';
import type { Actor, World } from '../../test/world.ts';
import { eventually } from '../../test/eventually.ts';
import { s3, useMinioServer } from '../../test/buckets-suite.ts';

const ORIGIN = 'http://plinth.test';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

/** The value of the read-only field `id` on a page. */
const valueOf = (page: string, id: string) =>
  unescape(new RegExp(`id="${id}"[^>]*value="([^"]*)"`).exec(page)?.[1] ?? '');

const minio = useMinioServer();

/** The suite's world: the web UI on that MinIO, with two regions. */
const ON_MINIO = {
  world: () => ({
    publicUrl: ORIGIN,
    storage: createStorageRuntime(minioStorageConfig(minio, ['eu-central', 'eu-west']), randomBytes(32), {
      usageIntervalMs: 300_000,
    }),
  }),
};

describeOnEachDatabase('the bucket pages of the web UI on a real MinIO, with %s', ON_MINIO, (w, { kind }) => {
  const prefix = `ui${kind === 'pglite' ? 'l' : 'g'}-${randomBytes(3).toString('hex')}`;
  let n = 0;
  const bucketName = () => `${prefix}-${++n}`;

  const { request, signedIn } = uiClient(() => w, ORIGIN);

  /** A bucket made through the API, as `actor`, with its credentials. */
  async function apiBucket(actor: Actor, t: Awaited<ReturnType<World['tenant']>>) {
    return w.expectStatus(201, 'POST', '/api/v1/s3/buckets/', {
      token: actor.token,
      body: { name: bucketName(), region: 'eu-central', organization: t.org.id, workspace: t.workspace.id },
    });
  }

  const rowsNamed = (name: string) => w.db.select().from(buckets).where(eq(buckets.name, name));

  it('sends a signed-out browser to sign in and back', async () => {
    const res = await request('/ui/buckets/', new CookieJar());
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/ui/login/?next=%2Fui%2Fbuckets%2F');
    const detail = await request(`/ui/buckets/${crypto.randomUUID()}/credentials/`, new CookieJar());
    expect(detail.status).toBe(303);
    expect(detail.headers.get('location')).toMatch(/^\/ui\/login\/\?next=%2Fui%2Fbuckets%2F/);
  });

  it('lets a User create a bucket through the form, shows its working credentials once, and lists it', async () => {
    const t = await w.tenant();
    const { jar, csrf } = await signedIn(t.user);
    const form = await (await request('/ui/buckets/new/', jar)).text();
    expect(form).toContain(`<option value="${t.workspace.id}"`);
    expect(form).toContain('<option value="eu-central"');
    expect(form).toContain('<option value="eu-west"');
    expect(form).toMatch(/data-busy="Creating the bucket…"/);
    expect(form).toMatch(/<p data-progress hidden/);
    expect(form).toContain('CORS allow-all');

    const name = bucketName();
    const created = await request('/ui/buckets/', jar, {
      form: { csrf_token: csrf, workspace: t.workspace.id, name, region: 'eu-central' },
    });
    const page = await created.text();
    expect(created.status, page).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(page).toContain('data-show-once');
    expect(page).toContain('this page shows it once');
    expect(page).toContain('Credentials tab');
    const accessKeyId = valueOf(page, 'access_key_id');
    const secret = valueOf(page, 'secret_access_key');
    expect(accessKeyId).toMatch(/^PL[A-Z0-9]{18}$/);
    expect(secret).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(valueOf(page, 'endpoint')).toBe(minio.endpoint);
    expect(valueOf(page, 'bucket_name')).toBe(name);
    const [row] = await rowsNamed(name);
    expect(row).toMatchObject({ region: 'eu-central', state: 'ready', workspaceId: t.workspace.id });
    expect(page).toMatch(new RegExp(`href="/ui/buckets/${row!.id}/" data-leave`));

    // The .env download is built in the page: the four variables, the secret never in a request URL.
    const env = /<a id="env" href="data:text\/plain;charset=utf-8,([^"]*)" download="([^"]+)"/.exec(page);
    expect(env?.[2]).toBe(`${name}.env`);
    const vars = Object.fromEntries(
      decodeURIComponent(unescape(env![1]!))
        .trim()
        .split('\n')
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(vars).toEqual({
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secret,
      AWS_ENDPOINT_URL_S3: minio.endpoint,
      BUCKET_NAME: name,
    });

    // The credentials work, for this bucket.
    const client = s3(vars.AWS_ENDPOINT_URL_S3!, vars.AWS_ACCESS_KEY_ID!, vars.AWS_SECRET_ACCESS_KEY!);
    await client.send(new PutObjectCommand({ Bucket: name, Key: 'hello.txt', Body: 'hello' }));
    const listed = await client.send(new ListObjectsV2Command({ Bucket: name }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['hello.txt']);

    // The list shows it with its region, and a link to it; the secret appears nowhere but above.
    const list = await (await request('/ui/buckets/', jar)).text();
    expect(list).toMatch(/id="create" href="\/ui\/buckets\/new\/"/);
    const tr = new RegExp(`<tr data-bucket="${row!.id}">[\\s\\S]*?</tr>`).exec(list)?.[0] ?? '';
    expect(tr).toContain(`href="/ui/buckets/${row!.id}/">${name}</a>`);
    expect(tr).toContain('data-region="eu-central"');
    expect(tr).toContain(t.workspace.name);
    expect(tr).toContain('Ready');
    expect(list).not.toContain(secret);
    const west = await (await request('/ui/buckets/?region=eu-west', jar)).text();
    expect(west).not.toContain(name);
    expect(west).toContain('There are no buckets in region eu-west');

    const detail = await (await request(`/ui/buckets/${row!.id}/`, jar)).text();
    expect(detail).toMatch(/href="\/ui\/buckets\/[^"]+\/"\s+aria-current="page"\s*>Overview/);
    expect(detail).toContain(`/ui/buckets/${row!.id}/credentials/`);
    // Deleting is for administrators: a User has no Delete tab.
    expect(detail).not.toContain(`/ui/buckets/${row!.id}/delete/`);
    expect(detail).toContain(minio.endpoint);
    expect(detail).toContain('eu-central');
    expect(detail).not.toContain(secret);
    // A new bucket's owner learns when its size will show.
    expect(detail).toContain('not measured yet (usage is measured every 5 minutes)');
  });

  it("checks the name by the API's rule as the user types, and shows a broken name's error beside it", async () => {
    const t = await w.tenant();
    const { jar, csrf } = await signedIn(t.user);
    const form = await (await request('/ui/buckets/new/', jar)).text();
    const input = /<input\s+id="name"[^>]*>/.exec(form)?.[0] ?? '';
    // The length is a rule ui.js says; no native minlength or required for the browser to say too.
    expect(input).not.toMatch(/minlength|\srequired\b/);
    expect(input).toMatch(/aria-required="true"/);
    expect(input).toMatch(/maxlength="63"/);
    expect(input).toMatch(/data-live="name-live"/);
    const apiMessage = BucketName.safeParse('Bad_Name').error!.issues[0]!.message;
    // The browser's check (the rules in order, anchored, with the v flag) agrees with the API's.
    const rules = JSON.parse(unescape(/data-rules="([^"]*)"/.exec(input)?.[1] ?? '[]')) as Rule[];
    for (const sample of [
      'abc',
      'a-b',
      'a--b',
      '123',
      'ab',
      '-ab',
      'ab-',
      'Abc',
      'a_b',
      'a.b',
      'xn--abc',
      'xn-abc',
      'abc-s3alias',
      'abc-s3aliasx',
      'a'.repeat(63),
      'a'.repeat(64),
    ])
      expect(brokenRule(rules, sample), sample).toBe(BucketName.safeParse(sample).error?.issues[0]?.message);

    const refused = await request('/ui/buckets/', jar, {
      form: { csrf_token: csrf, workspace: t.workspace.id, name: 'Bad_Name', region: 'eu-central' },
    });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain('The bucket was not created.');
    expect(page).toContain(`<p id="name-error" class="error">${apiMessage}</p>`);
    expect(page).toMatch(/aria-describedby="name-rule name-live name-error"/);
    expect(valueOf(page, 'name')).toBe('Bad_Name');
    expect(await rowsNamed('Bad_Name')).toEqual([]);

    // MinIO cannot set CORS rules: the form says so, and the API's refusal is shown beside the box.
    expect(form).toContain('Not available in eu-central, eu-west');
    const name = bucketName();
    const cors = await request('/ui/buckets/', jar, {
      form: { csrf_token: csrf, workspace: t.workspace.id, name, region: 'eu-central', cors_allow_all: 'on' },
    });
    expect(cors.status).toBe(400);
    expect(await cors.text()).toMatch(/id="cors_allow_all-error" class="error">[^<]*cannot set CORS rules/);
    expect(await rowsNamed(name)).toEqual([]);
  });

  it('reveals the credentials again after a confirmation, and records it in the audit log', async () => {
    const t = await w.tenant();
    const b = await apiBucket(t.user, t);
    const { jar, csrf } = await signedIn(t.user);
    const tab = await request(`/ui/buckets/${b.id}/credentials/`, jar);
    expect(tab.status).toBe(200);
    const tabPage = await tab.text();
    expect(tabPage).toContain('Every reveal is recorded in the audit log');
    expect(tabPage).toContain('I understand this reveal is recorded in the audit log');
    expect(tabPage).toMatch(/aria-current="page"\s*>Credentials/);
    expect(tabPage).not.toContain(b.credentials.secret_access_key);

    const unconfirmed = await request(`/ui/buckets/${b.id}/credentials/`, jar, {
      form: { csrf_token: csrf },
    });
    expect(unconfirmed.status).toBe(400);
    const unconfirmedPage = await unconfirmed.text();
    expect(unconfirmedPage).toMatch(/id="confirm-error" class="error">Check the box/);
    expect(unconfirmedPage).not.toContain(b.credentials.secret_access_key);

    const revealed = await request(`/ui/buckets/${b.id}/credentials/`, jar, {
      form: { csrf_token: csrf, confirm: 'yes' },
    });
    expect(revealed.status).toBe(200);
    expect(revealed.headers.get('cache-control')).toBe('no-store');
    const page = await revealed.text();
    expect(valueOf(page, 'access_key_id')).toBe(b.credentials.access_key_id);
    expect(valueOf(page, 'secret_access_key')).toBe(b.credentials.secret_access_key);
    expect(page).toContain('data-autohide="60"');
    const secretPart = /<div data-secret>([\s\S]*?)<\/div>\s*<label for="endpoint"/.exec(page)?.[1] ?? '';
    expect(secretPart).toContain(b.credentials.secret_access_key);
    expect(secretPart).toContain('<span data-countdown>60</span>');
    expect(page).toMatch(/<p data-hidden-note hidden>\s*The access key and secret are hidden again/);
    expect(page).toMatch(/<noscript>[\s\S]*leave this page[\s\S]*<\/noscript>/);

    const entries = await eventually(
      'the bucket.credentials_revealed entry',
      async () => {
        const found = await w.db
          .select()
          .from(auditLog)
          .where(
            and(
              eq(auditLog.event, 'bucket.credentials_revealed'),
              eq(auditLog.actorUserId, t.user.id),
              sql`${auditLog.details}->>'bucket' = ${b.id}`,
            ),
          );
        return found.length > 0 && found;
      },
      { timeoutMs: 2500, intervalMs: 50 },
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ organizationId: t.org.id, ip: '203.0.113.9' });
  });

  it('rotates the credentials with a chosen grace: the new key shown once, the old one still working', async () => {
    const t = await w.tenant();
    const b = await apiBucket(t.user, t);
    const { jar, csrf } = await signedIn(t.user);
    const tab = await (await request(`/ui/buckets/${b.id}/credentials/`, jar)).text();
    expect(tab).toContain('Rotate credentials');
    const bad = await request(`/ui/buckets/${b.id}/credentials/rotate/`, jar, {
      form: { csrf_token: csrf, grace_seconds: 'soon' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Choose one of the grace periods.');

    const res = await request(`/ui/buckets/${b.id}/credentials/rotate/`, jar, {
      form: { csrf_token: csrf, grace_seconds: '3600' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.text();
    const next = { id: valueOf(page, 'access_key_id'), secret: valueOf(page, 'secret_access_key') };
    expect(next.id).not.toBe(b.credentials.access_key_id);
    expect(page).toContain(`<code>${b.credentials.access_key_id}</code>`);
    expect(page).toContain('data-show-once');
    const put = (id: string, secret: string) =>
      s3(b.endpoint, id, secret).send(new PutObjectCommand({ Bucket: b.name, Key: `k-${id}`, Body: 'x' }));
    await put(next.id, next.secret);
    await put(b.credentials.access_key_id, b.credentials.secret_access_key);
    // The tab now says the old key is in its grace period; the API tells the same.
    expect(await (await request(`/ui/buckets/${b.id}/credentials/`, jar)).text()).toContain('id="in-grace"');
    const shown = await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${b.id}/`, { token: t.user.token });
    expect(shown.previous_key_expires_at).not.toBeNull();

    // A Viewer's forged rotation is refused with the API's message, and changes nothing.
    const viewer = await signedIn(t.viewer);
    const forged = await request(`/ui/buckets/${b.id}/credentials/rotate/`, viewer.jar, {
      form: { csrf_token: viewer.csrf, grace_seconds: '0' },
    });
    expect(forged.status).toBe(403);
    await put(next.id, next.secret);
  });

  it("shows a Viewer the list without the ways to change it, and refuses forged forms with the API's message", async () => {
    const t = await w.tenant();
    const b = await apiBucket(t.user, t);
    const viewer = await signedIn(t.viewer);
    const list = await (await request('/ui/buckets/', viewer.jar)).text();
    expect(list).toContain(`href="/ui/buckets/${b.id}/">${b.name}</a>`);
    expect(list).not.toContain('Create a bucket');
    expect(await (await request('/ui/buckets/new/', viewer.jar)).text()).toContain(
      'You cannot create buckets',
    );
    const detail = await (await request(`/ui/buckets/${b.id}/`, viewer.jar)).text();
    expect(detail).toContain(b.name);
    expect(detail).not.toContain(`/ui/buckets/${b.id}/credentials/`);
    expect(detail).not.toContain(`/ui/buckets/${b.id}/delete/`);
    const tab = await request(`/ui/buckets/${b.id}/credentials/`, viewer.jar);
    expect(tab.status).toBe(403);
    const tabPage = await tab.text();
    expect(tabPage).toContain('Your role cannot reveal');
    expect(tabPage).not.toContain('Reveal credentials');

    const denied = (await w.call('GET', `/api/v1/s3/buckets/${b.id}/credentials/`, { token: t.viewer.token }))
      .body;
    expect(denied.code).toBe('permission_denied');
    const name = bucketName();
    const create = await request('/ui/buckets/', viewer.jar, {
      form: { csrf_token: viewer.csrf, workspace: t.workspace.id, name, region: 'eu-central' },
    });
    expect(create.status).toBe(403);
    expect(await create.text()).toContain(denied.detail);
    expect(await rowsNamed(name)).toEqual([]);
    const reveal = await request(`/ui/buckets/${b.id}/credentials/`, viewer.jar, {
      form: { csrf_token: viewer.csrf, confirm: 'yes' },
    });
    expect(reveal.status).toBe(403);
    const revealPage = await reveal.text();
    expect(revealPage).toContain(denied.detail);
    expect(revealPage).not.toContain(b.credentials.secret_access_key);
    const remove = await request(`/ui/buckets/${b.id}/delete/`, viewer.jar, {
      form: { csrf_token: viewer.csrf, confirm_name: b.name },
    });
    expect(remove.status).toBe(403);
    expect(await remove.text()).toContain(denied.detail);
    await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${b.id}/`, { token: t.viewer.token });
  });

  it('lets an Org Admin delete an empty bucket after typing its name, and never one with objects', async () => {
    const t = await w.tenant();
    const b = await apiBucket(t.user, t);
    const admin = await signedIn(t.orgAdmin);
    const confirm = await request(`/ui/buckets/${b.id}/delete/`, admin.jar);
    expect(confirm.status).toBe(200);
    const confirmPage = await confirm.text();
    expect(confirmPage).toMatch(/aria-current="page"\s*>Delete/);
    expect(confirmPage).toContain('The bucket is deleted only if it is empty.');
    expect(confirmPage).toContain('Plinth never deletes data');

    const wrong = await request(`/ui/buckets/${b.id}/delete/`, admin.jar, {
      form: { csrf_token: admin.csrf, confirm_name: `${b.name}x` },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/id="confirm_name-error" class="error">That is not the bucket/);
    await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${b.id}/`, { token: t.user.token });

    // With an object in it, the API refuses, with its message, and nothing changes.
    const client = s3(b.endpoint, b.credentials.access_key_id, b.credentials.secret_access_key);
    await client.send(new PutObjectCommand({ Bucket: b.name, Key: 'keep.txt', Body: 'keep' }));
    const full = await request(`/ui/buckets/${b.id}/delete/`, admin.jar, {
      form: { csrf_token: admin.csrf, confirm_name: b.name },
    });
    expect(full.status).toBe(409);
    expect(await full.text()).toContain('The bucket still holds objects; empty it first.');
    await client.send(new ListObjectsV2Command({ Bucket: b.name }));

    await client.send(new DeleteObjectCommand({ Bucket: b.name, Key: 'keep.txt' }));
    const deleted = await request(`/ui/buckets/${b.id}/delete/`, admin.jar, {
      form: { csrf_token: admin.csrf, confirm_name: b.name },
    });
    expect(deleted.status).toBe(303);
    const location = deleted.headers.get('location')!;
    expect(location).toBe(`/ui/buckets/?deleted=${b.name}`);
    const list = await (await request(location, admin.jar)).text();
    expect(list).toContain(`The bucket ${b.name} is deleted`);
    expect(list).not.toContain(`href="/ui/buckets/${b.id}/"`);
    await w.expectStatus(404, 'GET', `/api/v1/s3/buckets/${b.id}/`, { token: t.orgAdmin.token });
    expect((await request(`/ui/buckets/${b.id}/`, admin.jar)).status).toBe(404);
  });

  it("answers 404 for another organization's bucket, and for an ID that is not one", async () => {
    const t = await w.tenant();
    const b = await apiBucket(t.user, t);
    const stranger = await w.tenant();
    const { jar, csrf } = await signedIn(stranger.orgAdmin);
    expect(await (await request('/ui/buckets/', jar)).text()).not.toContain(b.name);
    for (const path of ['', 'credentials/', 'delete/']) {
      const res = await request(`/ui/buckets/${b.id}/${path}`, jar);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain(b.name);
    }
    const reveal = await request(`/ui/buckets/${b.id}/credentials/`, jar, {
      form: { csrf_token: csrf, confirm: 'yes' },
    });
    expect(reveal.status).toBe(404);
    expect(await reveal.text()).not.toContain(b.credentials.secret_access_key);
    const remove = await request(`/ui/buckets/${b.id}/delete/`, jar, {
      form: { csrf_token: csrf, confirm_name: b.name },
    });
    expect(remove.status).toBe(404);
    // Creating in their workspace is no choice either.
    const name = bucketName();
    const create = await request('/ui/buckets/', jar, {
      form: { csrf_token: csrf, workspace: t.workspace.id, name, region: 'eu-central' },
    });
    expect(create.status).toBe(400);
    expect(await create.text()).toContain('id="workspace-error"');
    expect(await rowsNamed(name)).toEqual([]);
    await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${b.id}/`, { token: t.user.token });
    expect((await request('/ui/buckets/not-a-bucket/', jar)).status).toBe(404);
  });

  it('refuses a form without the CSRF token or from another site, making and revealing nothing', async () => {
    const t = await w.tenant();
    const b = await apiBucket(t.user, t);
    const { jar, csrf } = await signedIn(t.orgAdmin);
    const name = bucketName();
    const fields = { workspace: t.workspace.id, name, region: 'eu-central' };
    const noToken = await request('/ui/buckets/', jar, { form: fields });
    expect(noToken.status).toBe(403);
    expect(await noToken.text()).toContain('This form has expired');
    const crossSite = await request('/ui/buckets/', jar, {
      form: { csrf_token: csrf, ...fields },
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toContain('This form was sent from another site.');
    expect(await rowsNamed(name)).toEqual([]);

    type Init = { form: Record<string, string>; origin?: string };
    for (const init of [
      { form: { confirm: 'yes' } },
      { form: { csrf_token: csrf, confirm: 'yes' }, origin: 'https://evil.example' },
    ] as Init[]) {
      const res = await request(`/ui/buckets/${b.id}/credentials/`, jar, init);
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain(b.credentials.secret_access_key);
    }
    for (const init of [
      { form: { confirm_name: b.name } },
      { form: { csrf_token: csrf, confirm_name: b.name }, origin: 'https://evil.example' },
    ] as Init[])
      expect((await request(`/ui/buckets/${b.id}/delete/`, jar, init)).status).toBe(403);
    await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${b.id}/`, { token: t.user.token });
  });
});
