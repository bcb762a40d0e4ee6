import type { Hono } from 'hono';
import { sessionPrincipal } from '../../auth/registry.ts';
import { csrfToken } from '../../auth/sessions.ts';
import type { AuthContext } from '../../auth/login.ts';
import { DomainError, notFound } from '../../core/errors.ts';
import { fieldErrors } from '../../core/validation.ts';
import { ApiKeyCreateSchema } from '../../areas/keys/schema.ts';
import { createKey, listKeys, revokeKey } from '../../areas/keys/service.ts';
import type { UiEnv } from './context.ts';
import { info, toLogin } from './context.ts';
import { keyCreatedPage, keyRevokePage, keysPage } from './pages.ts';

/** Expiry choices, with the spec's guidance (not enforced): CI/CD 90 days, developer 365, temporary 7. */
export const EXPIRY_DAYS = ['90', '365', '7', ''] as const;

const OWNER = { kind: 'user' } as const;
const PATH = '/ui/accounts/api-keys/';

/**
 * The user's API keys under the account menu (`/ui/accounts/api-keys/`, the spec's location): list,
 * create with a name and an expiry (the secret shown once), revoke after a confirmation. Every
 * action goes through the keys service with the session's principal, so the API's rules and
 * audit entries apply unchanged; a refusal shows the API's own message.
 */
export function registerKeyPages(ui: Hono<UiEnv>, auth: AuthContext): void {
  const list = async (session: NonNullable<UiEnv['Variables']['uiSession']>) =>
    (
      await listKeys(auth.db, sessionPrincipal(session), OWNER, new URL(`http://ui${PATH}`), {
        page: 1,
        page_size: 500,
      })
    ).results;

  ui.get(PATH, async (c) => {
    const session = c.get('uiSession');
    if (!session) return toLogin(c);
    const csrf = csrfToken(c.get('sessionToken')!);
    try {
      return c.html(
        keysPage({
          user: session,
          csrf,
          keys: await list(session),
          notice: c.req.query('revoked') ? 'The key is revoked.' : undefined,
        }),
      );
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      return c.html(
        keysPage({ user: session, csrf, keys: [], error: err.message }),
        err.kind === 'forbidden' ? 403 : 400,
      );
    }
  });

  ui.post(PATH, async (c) => {
    const session = c.get('uiSession');
    if (!session) return toLogin(c);
    const csrf = csrfToken(c.get('sessionToken')!);
    const form = await c.req.parseBody();
    const name = typeof form.name === 'string' ? form.name.trim() : '';
    const days = typeof form.expires_in_days === 'string' ? form.expires_in_days : '';
    const expiresAt =
      /^\d{1,4}$/.test(days) && Number(days) > 0 ? new Date(Date.now() + Number(days) * 86_400_000) : null;
    const again = async (status: 400 | 403, error: string, fields: Record<string, string> = {}) =>
      c.html(
        keysPage({
          user: session,
          csrf,
          keys: await list(session).catch(() => []),
          error,
          fieldErrors: fields,
          form: { name, days },
        }),
        status,
      );
    // The API's own shape of a new key: the same rules and messages as POST /api/v1/users/me/api-keys/.
    const parsed = ApiKeyCreateSchema.safeParse({ name, expires_at: expiresAt?.toISOString() ?? null });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues);
      return again(
        400,
        'The key was not created.',
        Object.fromEntries(errors.map((e) => [e.attr, e.detail])),
      );
    }
    try {
      const created = await createKey(
        auth.db,
        auth.audit,
        sessionPrincipal(session),
        OWNER,
        parsed.data,
        info(c),
      );
      return c.html(keyCreatedPage({ user: session, csrf, key: created }), 201);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      const fields = Object.fromEntries((err.errors ?? []).map((e) => [e.attr, e.detail]));
      return again(err.kind === 'forbidden' ? 403 : 400, err.message, fields);
    }
  });

  ui.get(`${PATH}:id/revoke/`, async (c) => {
    const session = c.get('uiSession');
    if (!session) return toLogin(c);
    const key = (await list(session).catch(() => [])).find((k) => k.id === c.req.param('id'));
    if (!key)
      return c.html(
        keysPage({ user: session, csrf: csrfToken(c.get('sessionToken')!), keys: [], error: 'No such key.' }),
        404,
      );
    return c.html(keyRevokePage({ user: session, csrf: csrfToken(c.get('sessionToken')!), key }));
  });

  ui.post(`${PATH}:id/revoke/`, async (c) => {
    const session = c.get('uiSession');
    if (!session) return toLogin(c);
    const id = c.req.param('id');
    try {
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('No such key.');
      await revokeKey(auth.db, auth.audit, sessionPrincipal(session), OWNER, id, info(c));
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      const csrf = csrfToken(c.get('sessionToken')!);
      return c.html(
        keysPage({ user: session, csrf, keys: await list(session).catch(() => []), error: err.message }),
        err.kind === 'not_found' ? 404 : 403,
      );
    }
    return c.redirect(`${PATH}?revoked=1`, 303);
  });
}
