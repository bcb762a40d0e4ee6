import { z } from '@hono/zod-openapi';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { stringify } from 'yaml';
import type { AppEnv } from '../../../http/app-env.ts';
import { defineRoute, openApiDocument, PUBLIC } from '../../../http/openapi.ts';
import type { DocumentTag } from '../../../http/openapi.ts';

/** The tag of this document's own operation, listed after the areas'. */
export const SCHEMA_TAG: DocumentTag = { name: 'schema', description: 'This OpenAPI document.' };

const route = defineRoute({
  method: 'get',
  path: '/api/v1/schema/',
  summary: 'The live OpenAPI 3.1 description of this API',
  description:
    'The document clients are generated from, as JSON (the default) or YAML. Public: it needs no token.',
  tags: ['schema'],
  security: PUBLIC,
  request: {
    query: z.object({
      format: z
        .enum(['json', 'yaml'])
        .default('json')
        .openapi({ param: { description: '`json` (when absent) or `yaml`.' } }),
    }),
  },
  responses: {
    200: {
      description: 'The OpenAPI document.',
      content: {
        // Plain JSON rather than application/vnd.oai.openapi+json, so generated clients name the
        // body as every other (`JSON200`).
        'application/json': { schema: z.record(z.string(), z.unknown()) },
        'application/yaml': { schema: z.string() },
      },
    },
  },
});

/**
 * Serves the document, with `tags` in the order documentation shows them. It is built on first
 * request (every route is registered by then) and kept: routes do not change while the process runs.
 */
export function registerSchema(app: OpenAPIHono<AppEnv>, tags: readonly DocumentTag[]): void {
  let json: string | undefined;
  let yaml: string | undefined;
  app.openapi(route, (c) => {
    if (c.req.valid('query').format === 'yaml') {
      yaml ??= stringify(openApiDocument(app, tags), { aliasDuplicateObjects: false });
      return c.body(yaml, 200, { 'Content-Type': 'application/yaml; charset=utf-8' });
    }
    json ??= JSON.stringify(openApiDocument(app, tags));
    return c.body(json, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
}
