import type { Context, Hono } from 'hono';
import type { AreaPageDeps } from '../area.ts';
import { membershipsOfUser } from '../members/public.ts';
import { UserCreateSchema, UserUpdateSchema } from './schema.ts';
import {
  createUser,
  getUser,
  listUsers,
  signInMethods,
  updateUser,
  workspaceRolesOfUser,
} from './service.ts';
import { revokeUserSessions, userSso } from '../../auth/sso/admin.ts';
import { DomainError } from '../../core/errors.ts';
import { PageQuerySchema } from '../../core/pagination.ts';
import { fieldErrors } from '../../core/validation.ts';
import { STATUS_OF } from '../../http/errors.ts';
import type { PageContext, UiEnv } from '../../ui/context.ts';
import { idParam, pagesWith } from '../../ui/context.ts';
import { errorsByField, field } from '../../ui/forms.ts';
import { registerAdministrationPage } from './pages/administration.ts';
import { BASE, PAGE_SIZE, usersPage } from './pages/list.ts';
import type { CreateForm } from './pages/list.ts';
import { ACTIONS, confirmPage, userPage } from './pages/user.ts';
import type { ActionName } from './pages/user.ts';

/**
 * Administration's index (pages/administration.ts) and its users (Super Admins): the list with
 * how each signs in and the creation of a local user (pages/list.ts), a user's memberships and
 * single sign-on identities, deactivating and reactivating one, and ending all their web
 * sessions, each change after a confirmation (pages/user.ts). Everything goes through the
 * users service and the SSO admin helpers with the session's principal: the API's permission
 * rules, messages (self-lockout among them) and audit entries apply unchanged.
 */

const NOTICES: Record<string, string> = {
  created: 'The user is created.',
  deactivate: ACTIONS.deactivate.done,
  activate: ACTIONS.activate.done,
  'end-sessions': ACTIONS['end-sessions'].done,
};

export function registerUserPages(ui: Hono<UiEnv>, deps: AreaPageDeps): void {
  registerAdministrationPage(ui, deps);
  const page = pagesWith(deps);
  const { sessions } = deps;
  const providers = () => deps.sso?.providers.list() ?? [];

  const listPage = async (
    c: Context<UiEnv>,
    p: PageContext,
    s: { error?: string; fields?: Record<string, string>; form?: CreateForm; status?: number } = {},
  ) => {
    const parsed = PageQuerySchema.safeParse({
      page: c.req.query('page') || undefined,
      page_size: PAGE_SIZE,
    });
    const pageNumber = parsed.success ? parsed.data.page : 1;
    // The list's own rule: Super Admins only (403 with the API's message otherwise).
    const list = await listUsers(p.ctx, new URL(c.req.url), {
      page: pageNumber,
      page_size: PAGE_SIZE,
    });
    const kinds = await signInMethods(
      p.ctx,
      list.results.map((u) => u.id),
    );
    return c.html(
      usersPage(p, list, pageNumber, kinds, {
        ...s,
        error: s.error ?? (parsed.success ? undefined : 'That page number is not valid.'),
      }),
      (s.status ?? 200) as 200,
    );
  };

  const detail = async (
    c: Context<UiEnv>,
    p: PageContext,
    id: string,
    s: { error?: string | undefined; notice?: string | undefined; status?: number } = {},
  ) => {
    // userSso first: it is Super Admins' only (getUser would show anyone their own user).
    const sso = await userSso(p.ctx, providers(), id);
    const user = await getUser(p.ctx, id);
    const [memberships, workspaceRoles, kinds] = await Promise.all([
      membershipsOfUser(p.ctx, id),
      workspaceRolesOfUser(p.ctx, id),
      signInMethods(p.ctx, [id]),
    ]);
    return c.html(
      userPage(
        p,
        user,
        sso,
        memberships,
        workspaceRoles,
        kinds.get(id) ?? { password: false, sso: false },
        s,
      ),
      (s.status ?? 200) as 200,
    );
  };

  ui.get(
    BASE,
    page('admin', (c, p) => listPage(c, p)),
  );

  ui.post(
    BASE,
    page('admin', async (c, p) => {
      const form = await c.req.parseBody();
      const state: CreateForm = {
        username: field(form, 'username'),
        full_name: field(form, 'full_name'),
        email: field(form, 'email'),
        is_superuser: field(form, 'is_superuser') === 'on',
      };
      // A password is taken as typed (spaces count), and never shown again.
      const password = typeof form.password === 'string' ? form.password : '';
      const again = (status: number, error: string, fields: Record<string, string> = {}) =>
        listPage(c, p, { error, fields, form: state, status });
      const parsed = UserCreateSchema.safeParse({
        username: state.username,
        ...(password && { password }),
        ...(state.email && { email: state.email }),
        full_name: state.full_name,
        is_superuser: state.is_superuser,
      });
      if (!parsed.success)
        return again(400, 'The user was not created.', errorsByField(fieldErrors(parsed.error.issues)));
      try {
        const user = await createUser(p.ctx, parsed.data);
        return c.redirect(`${BASE}${user.id}/?done=created`, 303);
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
        return again(STATUS_OF[err.kind], err.message, errorsByField(err.errors));
      }
    }),
  );

  ui.get(
    `${BASE}:id/`,
    page('admin', async (c, p) => detail(c, p, idParam(c), { notice: NOTICES[c.req.query('done') ?? ''] })),
  );

  for (const action of Object.keys(ACTIONS) as ActionName[]) {
    const path = `${BASE}:id/${action}/`;
    ui.get(
      path,
      page('admin', async (c, p) => {
        const id = idParam(c);
        await userSso(p.ctx, providers(), id); // Super Admins only, as the action itself
        const user = await getUser(p.ctx, id);
        return c.html(confirmPage(p, user, action));
      }),
    );
    ui.post(
      path,
      page('admin', async (c, p) => {
        const id = idParam(c);
        try {
          if (action === 'end-sessions') {
            await revokeUserSessions(p.ctx, sessions, id);
          } else {
            // The API's own body for the change, checked by its schema before the service.
            const parsed = UserUpdateSchema.safeParse({ is_active: action === 'activate' });
            if (!parsed.success) return detail(c, p, id, { error: 'The change is not valid.', status: 400 });
            await updateUser(p.ctx, id, parsed.data);
          }
        } catch (err) {
          if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
          return detail(c, p, id, { error: err.message, status: STATUS_OF[err.kind] });
        }
        return c.redirect(`${BASE}${id}/?done=${action}`, 303);
      }),
    );
  }
}
