import { defineRoute, PUBLIC } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { jsonBody, jsonResponse, requestInfo } from '../../../http/common.ts';
import { unauthenticated, unavailable, validationError } from '../../../core/errors.ts';
import { IdTokenLoginSchema } from '../../../auth/sso/schema.ts';
import { signInWithIdToken } from '../../../auth/sso/cli.ts';
import { SsoLoginError } from '../../../auth/sso/context.ts';
import { LoginResponse } from '../schema.ts';

/** POST /api/login/oidc/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/login/oidc/',
    tags: ['auth'],
    summary: "Exchange an identity provider's ID token for a short-lived bearer token",
    description:
      "The command line's SSO sign-in: the CLI runs the device authorization grant with the provider's " +
      '`cli_client_id` (see `GET /api/login/providers/`) and sends the ID token it gets here, with the access ' +
      "token for userinfo. The token is verified against the provider's keys: an ID token (JOSE `typ` absent or " +
      '`JWT`, no `events`) issued to `cli_client_id` (in `aud`, and `azp` when present), with `sub`, `exp` and ' +
      '`iat`, at most 5 minutes old, and accepted once. The user is found by their identity (or created, when the ' +
      'provider allows sign-up), their groups (from the ID token, else userinfo) are synced, and the answer is a ' +
      'login token as from `POST /api/login/`. 401 `authentication_failed` for an invalid or reused token, an ' +
      'unknown user with sign-up off, or a deactivated user (audited as `sso.login_failed` with the reason).',
    security: PUBLIC,
    request: { body: jsonBody(IdTokenLoginSchema) },
    responses: { 200: jsonResponse('A login token.', LoginResponse) },
    errors: [401],
  }),
  ({ sso, auth }) =>
    async (c) => {
      const input = c.req.valid('json');
      const provider = sso?.providers.get(input.provider);
      if (!sso || !provider)
        throw validationError([
          {
            attr: 'provider',
            code: 'does_not_exist',
            detail: 'No OIDC provider of this name is configured.',
          },
        ]);
      try {
        const { userId } = await signInWithIdToken(
          sso,
          provider,
          input.id_token,
          input.access_token,
          requestInfo(c),
        );
        const { token, expiresAt } = await auth.loginTokens.issue(userId);
        return c.json({ token, expires_at: expiresAt.toISOString() }, 200);
      } catch (err) {
        if (err instanceof SsoLoginError)
          throw err.reason === 'provider_unavailable'
            ? unavailable(err.message, 'issuer_unavailable', 10)
            : unauthenticated('authentication_failed', err.message);
        throw err;
      }
    },
);
