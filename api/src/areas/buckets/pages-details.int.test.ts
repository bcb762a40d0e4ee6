import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, buckets } from '../../core/db/schema/index.ts';
import { BucketName } from '../../areas/buckets/schema.ts';
import { createStorageRuntime } from '../../areas/buckets/storage/runtime.ts';
import { minioStorageConfig } from '../../test/minio-server.ts';
import { uiClient } from '../../test/ui-client.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import type { Actor, World } from '../../test/world.ts';
import { useMinioServer } from '../../test/buckets-suite.ts';

/**
 * The bucket pages' details (issue 33): usage said one way, totals per region, exact bytes, the
 * name's rules one at a time without the browser's bubble, CORS offered only where it works, the
 * .env after a rotation, and the Reveal confirmation before an existing bucket's credentials.
 */

const ORIGIN = 'http://plinth.test';
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);
const valueOf = (page: string, id: string) =>
  unescape(new RegExp(`id="${id}"[^>]*value="([^"]*)"`).exec(page)?.[1] ?? '');

const minio = useMinioServer();
const ON_MINIO = {
  world: () => ({
    publicUrl: ORIGIN,
    storage: createStorageRuntime(minioStorageConfig(minio, ['eu-central', 'eu-west']), randomBytes(32)),
  }),
};

describeOnEachDatabase('the details of the bucket pages, with %s', ON_MINIO, (w, { kind }) => {
  const prefix = `ud${kind === 'pglite' ? 'l' : 'g'}-${randomBytes(3).toString('hex')}`;
  let n = 0;
  const bucketName = () => `${prefix}-${++n}`;
  const { request, signedIn } = uiClient(() => w, ORIGIN);

  async function apiBucket(actor: Actor, t: Awaited<ReturnType<World['tenant']>>, region = 'eu-central') {
    return w.expectStatus(201, 'POST', '/api/v1/s3/buckets/', {
      token: actor.token,
      body: { name: bucketName(), region, organization: t.org.id, workspace: t.workspace.id },
    });
  }
  const setUsage = (id: string, bytes: number | null, objects: number | null, at: string) =>
    w.db.execute(
      sql`update ${buckets} set usage_bytes = ${bytes}, usage_objects = ${objects}, usage_updated_at = ${sql.raw(at)} where id = ${id}`,
    );

  it('says "not measured yet" the one way, for a bucket never measured and one measured before it existed', async () => {
    const t = await w.tenant();
    const never = await apiBucket(t.user, t);
    const before = await apiBucket(t.user, t);
    // MinIO's scanner can report a bucket as empty with a scan older than the bucket.
    await setUsage(before.id, 0, 0, `created_at - interval '1 hour'`);
    const { jar } = await signedIn(t.user);
    const list = await (await request('/ui/buckets/', jar)).text();
    for (const b of [never, before]) {
      const tr = new RegExp(`<tr data-bucket="${b.id}">[\\s\\S]*?</tr>`).exec(list)?.[0] ?? '';
      expect(tr, b.name).toContain('not measured yet');
      expect(tr, b.name).not.toMatch(/–|\bnot yet\b|0 B/);
      for (const path of ['', 'delete/']) {
        const page = await (await request(`/ui/buckets/${b.id}/${path}`, jar)).text();
        expect(page, `${b.name} ${path}`).toContain('not measured yet');
        expect(page, `${b.name} ${path}`).not.toMatch(/>–<|\bnot yet\b|0 B|held 0 objects/);
      }
    }
  });

  it('shows totals per region on the list, and exact bytes beside the rounded figure', async () => {
    const t = await w.tenant();
    const a = await apiBucket(t.user, t);
    const b = await apiBucket(t.user, t);
    await apiBucket(t.user, t, 'eu-west');
    await setUsage(a.id, 1_234_567_890, 1234, `now()`);
    await setUsage(b.id, 1000, 2, `now()`);
    const { jar } = await signedIn(t.user);
    const list = await (await request('/ui/buckets/', jar)).text();
    const totals = /<table[^>]*id="region-totals"[\s\S]*?<\/table>/.exec(list)?.[0] ?? '';
    const central = /<tr data-region="eu-central">[\s\S]*?<\/tr>/.exec(totals)?.[0] ?? '';
    expect(central).toContain('data-count="2"');
    expect(central).toContain('1,234,568,890 bytes');
    expect(central).toContain('1,236');
    const west = /<tr data-region="eu-west">[\s\S]*?<\/tr>/.exec(totals)?.[0] ?? '';
    expect(west).toContain('data-count="1"');
    expect(west).toContain('not measured yet');
    const tr = new RegExp(`<tr data-bucket="${a.id}">[\\s\\S]*?</tr>`).exec(list)?.[0] ?? '';
    expect(tr).toContain('1.1 GiB');
    expect(tr).toContain('1,234,567,890 bytes');
    const overview = await (await request(`/ui/buckets/${a.id}/`, jar)).text();
    expect(overview).toContain('1.1 GiB (1,234,567,890 bytes)');
    expect(overview).toContain('1,234');
  });

  it("says only the name's broken rule, once, and leaves the browser's own bubble out", async () => {
    const t = await w.tenant();
    const { jar, csrf } = await signedIn(t.user);
    const form = await (await request('/ui/buckets/new/', jar)).text();
    const tag = /<form method="post" action="\/ui\/buckets\/"[^>]*>/.exec(form)?.[0] ?? '';
    expect(tag).toContain('novalidate');
    const input = /<input\s+id="name"[^>]*>/.exec(form)?.[0] ?? '';
    expect(input).not.toContain('pattern=');
    expect(input).not.toContain('data-hint');
    // The rules, in the API's order: the first one a name breaks is the API's first message for it.
    const rules = JSON.parse(unescape(/data-rules="([^"]*)"/.exec(input)?.[1] ?? '[]')) as {
      pattern: string;
      message: string;
    }[];
    expect(rules.length).toBeGreaterThan(3);
    const broken = (v: string) => rules.find((r) => !new RegExp(`^(?:${r.pattern})$`, 'v').test(v))?.message;
    for (const sample of [
      'abc',
      'a-b',
      'abcdefgh',
      'ab',
      'abcdefgH',
      '-abcdefg',
      'a_b',
      'xn--abc',
      'abc-s3alias',
      'a'.repeat(64),
      'A',
    ]) {
      const api = BucketName.safeParse(sample).error?.issues[0]?.message;
      expect(broken(sample), sample).toBe(api);
    }
    // An eight-character name with a capital is told about the characters, not the length.
    expect(broken('abcdefgH')).not.toMatch(/3 characters/);

    // The server says the same one rule beside the field.
    const refused = await request('/ui/buckets/', jar, {
      form: { csrf_token: csrf, workspace: t.workspace.id, name: 'A', region: 'eu-central' },
    });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    const message = BucketName.safeParse('A').error!.issues[0]!.message;
    expect(page).toContain(`<p id="name-error" class="error">${message}</p>`);
    // One message: not the other rules, and not twice (the rules ride in data-rules for ui.js).
    const shown = page.replace(/data-rules="[^"]*"/, '');
    expect(shown.split(message).length - 1).toBe(1);
    for (const other of [BucketName.safeParse('Abc').error!.issues[0]!.message, 'xn--', '-s3alias'])
      expect(shown).not.toContain(other);
    expect(page).toMatch(/<input\s+id="name"[^>]*aria-invalid="true"/);
  });

  it('offers CORS disabled, with its reason, when no region can set CORS rules', async () => {
    const t = await w.tenant();
    const { jar } = await signedIn(t.user);
    const form = await (await request('/ui/buckets/new/', jar)).text();
    const box = /<input[^>]*id="cors_allow_all"[^>]*>/.exec(form)?.[0] ?? '';
    expect(box).toMatch(/\sdisabled/);
    expect(box).toMatch(/aria-describedby="cors-hint"/);
    expect(form).toMatch(/id="cors-hint"[^>]*>[\s\S]*Not available[^<]*cannot set CORS rules/);
  });

  it('links the results to the bucket, and offers the .env after a rotation as after creation', async () => {
    const t = await w.tenant();
    const { jar, csrf } = await signedIn(t.user);
    const name = bucketName();
    const created = await (
      await request('/ui/buckets/', jar, {
        form: { csrf_token: csrf, workspace: t.workspace.id, name, region: 'eu-central' },
      })
    ).text();
    const [row] = await w.db.select().from(buckets).where(eq(buckets.name, name));
    expect(created).toMatch(
      new RegExp(`<p class="crumbs">[\\s\\S]*?href="/ui/buckets/${row!.id}/">${name}</a>`),
    );
    expect(created).toContain(`id="open-bucket" href="/ui/buckets/${row!.id}/"`);

    const rotated = await (
      await request(`/ui/buckets/${row!.id}/credentials/rotate/`, jar, {
        form: { csrf_token: csrf, grace_seconds: '3600' },
      })
    ).text();
    const env = /<a id="env" href="data:text\/plain;charset=utf-8,([^"]*)" download="([^"]+)"/.exec(rotated);
    expect(env?.[2]).toBe(`${name}.env`);
    const vars = decodeURIComponent(unescape(env![1]!));
    expect(vars).toContain(`AWS_ACCESS_KEY_ID=${valueOf(rotated, 'access_key_id')}\n`);
    expect(vars).toContain(`AWS_SECRET_ACCESS_KEY=${valueOf(rotated, 'secret_access_key')}\n`);
    expect(vars).toContain(`AWS_ENDPOINT_URL_S3=${minio.endpoint}\n`);
    expect(vars).toContain(`BUCKET_NAME=${name}\n`);
    expect(rotated).toContain(`id="open-bucket" href="/ui/buckets/${row!.id}/"`);
  });

  it('asks the Reveal confirmation before showing the credentials of a bucket of that name in the workspace', async () => {
    const t = await w.tenant();
    const b = await apiBucket(t.user, t);
    const { jar, csrf } = await signedIn(t.user);
    const fields = { csrf_token: csrf, workspace: t.workspace.id, name: b.name, region: 'eu-central' };
    const reveals = () =>
      w.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.event, 'bucket.credentials_revealed'),
            sql`${auditLog.details}->>'bucket' = ${b.id}`,
          ),
        );

    const asked = await request('/ui/buckets/', jar, { form: fields });
    const question = await asked.text();
    expect(asked.status).toBe(409);
    expect(question).not.toContain(b.credentials.secret_access_key);
    expect(question).toContain('I understand this reveal is recorded in the audit log');
    expect(question).toContain(`href="/ui/buckets/${b.id}/"`);
    expect(await reveals()).toEqual([]);

    const unconfirmed = await request('/ui/buckets/', jar, { form: { ...fields, existing: b.id } });
    expect(unconfirmed.status).toBe(400);
    const unconfirmedPage = await unconfirmed.text();
    expect(unconfirmedPage).toMatch(/id="confirm-error" class="error">Check the box/);
    expect(unconfirmedPage).not.toContain(b.credentials.secret_access_key);
    expect(await reveals()).toEqual([]);

    const shown = await request('/ui/buckets/', jar, { form: { ...fields, existing: b.id, confirm: 'yes' } });
    expect(shown.status).toBe(200);
    const page = await shown.text();
    expect(valueOf(page, 'secret_access_key')).toBe(b.credentials.secret_access_key);
    expect(page).toContain('id="adopted"');
    expect(await reveals()).toHaveLength(1);
  });
});
