import { IdParams, jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { linkIdentity } from '../../../auth/sso/admin.ts';
import { IdentityLinkSchema, IdentitySchema } from '../../../auth/sso/schema.ts';

/** POST /api/v1/users/{id}/identities/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/users/{id}/identities/',
    description:
      'Links the user to their identity (`sub`) at a configured provider: their next SSO sign-in is this user, with its ' +
      'memberships and keys, instead of a new user. Users are never matched by e-mail address. 400 `does_not_exist` ' +
      'for an unknown provider, 409 when the identity is linked already. Needs a person signed in: 403 ' +
      '`interactive_login_required` with an API key.',
    tags: ['users'],
    action: 'user.manage',
    summary: 'Link a user to an identity at an identity provider (Super Admin)',
    request: { params: IdParams, body: jsonBody(IdentityLinkSchema) },
    responses: { 201: jsonResponse('The new link.', IdentitySchema) },
    errors: [409],
  }),
  (deps) => async (c) => {
    const providers = deps.sso?.providers;
    const identity = await linkIdentity(
      serviceContext(c, deps),
      providers?.list() ?? [],
      async (name) => (await providers!.client(name)).serverMetadata().issuer,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(identity, 201);
  },
);
