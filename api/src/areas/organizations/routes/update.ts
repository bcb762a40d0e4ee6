import { IdParams, jsonBody, jsonResponse, patchBody, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { OrganizationSchema, OrganizationUpdateSchema } from '../schema.ts';
import { updateOrganization } from '../service.ts';

/** PATCH /api/v1/organizations/{id}/ */
export default endpoint(
  defineRoute({
    method: 'patch',
    path: '/api/v1/organizations/{id}/',
    description:
      'An Org Admin may rename the organization; changing its slug (which renames its OIDC groups) takes a Super Admin signed in: 403 `interactive_login_required` with an API key.',
    tags: ['organizations'],
    action: 'organization.update',
    mcp: true,
    summary: 'Rename an organization (Org Admin); change its slug (Super Admin)',
    request: {
      params: IdParams,
      body: jsonBody(patchBody(OrganizationUpdateSchema).openapi('OrganizationUpdate')),
    },
    responses: { 200: jsonResponse('The organization.', OrganizationSchema) },
  }),
  (deps) => async (c) =>
    c.json(
      await updateOrganization(serviceContext(c, deps), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
);
