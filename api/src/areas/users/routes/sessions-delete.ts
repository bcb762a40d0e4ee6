import { IdParams, noContent, sendNoContent, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { revokeUserSessions } from '../../../auth/sso/admin.ts';

/** DELETE /api/v1/users/{id}/sessions/ */
export default endpoint(
  defineRoute({
    method: 'delete',
    path: '/api/v1/users/{id}/sessions/',
    description:
      "Ends every web UI session of the user at once, on every replica (the browser's next request is signed out). " +
      'Their API keys and login tokens are not affected. Users end their own sessions in the web UI ("Sign out ' +
      'everywhere"). Super Admins only.',
    tags: ['users'],
    action: 'user.manage',
    summary: "End all of a user's web sessions (Super Admin)",
    request: { params: IdParams },
    responses: { 204: noContent },
  }),
  (deps) => async (c) => {
    await revokeUserSessions(serviceContext(c, deps), deps.sessions, c.req.valid('param').id);
    return sendNoContent();
  },
);
