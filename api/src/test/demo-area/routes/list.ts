import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../../areas/area.ts';
import { NoteListSchema } from '../schema.ts';
import { listNotes } from '../service.ts';

/** GET /api/v1/workspaces/{id}/notes/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/workspaces/{id}/notes/',
    description: "A workspace's notes.",
    tags: ['notes'],
    action: 'note.view',
    mcp: true,
    summary: "A workspace's notes",
    request: { params: IdParams },
    responses: { 200: jsonResponse('The notes.', NoteListSchema) },
  }),
  (deps) => async (c) =>
    c.json({ results: await listNotes(serviceContext(c, deps), c.req.valid('param').id) }, 200),
);
