import { jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { OrganizationCreateSchema, OrganizationSchema } from '../schema.ts';
import { createOrganization } from '../service.ts';

/** POST /api/v1/organizations/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/organizations/',
    description: 'A new, empty organization. 400 `unique` when the slug is taken.',
    tags: ['organizations'],
    action: 'organization.create',
    mcp: true,
    summary: 'Create an organization (Super Admin)',
    request: { body: jsonBody(OrganizationCreateSchema) },
    responses: { 201: jsonResponse('The new organization.', OrganizationSchema) },
  }),
  (deps) => async (c) => c.json(await createOrganization(serviceContext(c, deps), c.req.valid('json')), 201),
);
