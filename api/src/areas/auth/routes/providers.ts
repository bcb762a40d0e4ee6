import { defineRoute, PUBLIC } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { jsonResponse } from '../../../http/common.ts';
import { notFound } from '../../../core/errors.ts';
import { SsoProvidersQuerySchema, SsoProvidersSchema } from '../../../auth/sso/schema.ts';

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
      'An empty list when SSO is not configured. With `name`, that provider alone (404 when there is none of that ' +
      'name), as `plinth login --provider <name>` asks.',
    security: PUBLIC,
    request: { query: SsoProvidersQuerySchema },
    responses: { 200: jsonResponse('The providers.', SsoProvidersSchema) },
    errors: [404],
  }),
  ({ sso }) =>
    (c) => {
      const { name } = c.req.valid('query');
      const all = sso?.providers.list() ?? [];
      const chosen = name === undefined ? all : all.filter((p) => p.name === name);
      if (name !== undefined && chosen.length === 0)
        throw notFound('No single sign-on provider has this name.');
      return c.json(
        {
          providers: chosen.map((p) => ({
            name: p.name,
            display_name: p.displayName,
            issuer: p.issuer,
            login_url: `/auth/oidc/${p.name}/login/`,
            cli_client_id: p.cliClientId ?? null,
          })),
        },
        200,
      );
    },
);
