import { defineRoute, PUBLIC } from '../../edges/http/openapi.ts';
import { endpoint } from '../../edges/http/endpoint.ts';
import { jsonResponse } from '../../edges/http/common.ts';
import { SsoProvidersSchema } from '../sso/schema.ts';

/** GET /api/login/providers/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/login/providers/',
    tags: ['auth'],
    summary: 'The single sign-on providers',
    description:
      'What a client needs to sign in through SSO: for each configured provider, its issuer, where a browser ' +
      'starts, and the public client the command line uses with the device authorization grant (docs/sso.md). ' +
      'An empty list when SSO is not configured.',
    security: PUBLIC,
    responses: { 200: jsonResponse('The providers.', SsoProvidersSchema) },
  }),
  ({ sso }) =>
    (c) =>
      c.json(
        {
          providers: (sso?.providers.list() ?? []).map((p) => ({
            name: p.name,
            display_name: p.displayName,
            issuer: p.issuer,
            login_url: `/auth/oidc/${p.name}/login/`,
            cli_client_id: p.cliClientId ?? null,
          })),
        },
        200,
      ),
);
