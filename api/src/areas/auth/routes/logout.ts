import { defineRoute, PUBLIC } from '../../../http/openapi.ts';
import { endLoginToken } from '../../../auth/login.ts';
import { invalid } from '../../../core/errors.ts';
import { bearerOf } from '../../../auth/registry.ts';
import { endpoint } from '../../area.ts';
import { noContent, requestInfo, sendNoContent } from '../../../http/common.ts';

/** POST /api/logout/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/logout/',
    tags: ['auth'],
    summary: 'Sign out the login token in the Authorization header',
    description:
      'Ends the login token sent as `Authorization: Bearer …` (from `POST /api/login/` or `POST /api/login/oidc/`): ' +
      'from now on every replica refuses it with 401 `token_revoked`, as if it had expired. Recorded as ' +
      '`session.logout` (`kind: login_token`). Like OAuth token revocation (RFC 7009), a token that is already ' +
      'expired, signed out or invalid, or none at all, gives 204 too: there is nothing left to end. An API key is ' +
      '400 `not_a_login_token`: revoke it with `DELETE …/api-keys/{id}/`. A header that is not ' +
      '`Bearer <token>` is 401, as on every route.',
    security: PUBLIC,
    responses: { 204: noContent },
    errors: [400, 401],
  }),
  ({ auth }) =>
    async (c) => {
      const header = c.req.header('authorization');
      if (header) {
        const parsed = bearerOf(header);
        if (parsed.type === 'api_key')
          throw invalid(
            'This is an API key, not a login token; revoke it with DELETE …/api-keys/{id}/.',
            'not_a_login_token',
          );
        await endLoginToken(auth, parsed.token, requestInfo(c));
      }
      return sendNoContent();
    },
);
