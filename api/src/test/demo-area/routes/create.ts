import { IdParams, jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../../areas/area.ts';
import { NoteCreateSchema, NoteSchema } from '../schema.ts';
import { createNote } from '../service.ts';

/** POST /api/v1/workspaces/{id}/notes/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/workspaces/{id}/notes/',
    description: 'A new note in the workspace. 409 `note_exists` when it has this note already.',
    tags: ['notes'],
    action: 'note.create',
    mcp: true,
    errors: [409],
    summary: 'Add a note to a workspace',
    request: { params: IdParams, body: jsonBody(NoteCreateSchema) },
    responses: { 201: jsonResponse('The new note.', NoteSchema) },
  }),
  (deps) => async (c) =>
    c.json(await createNote(serviceContext(c, deps), c.req.valid('param').id, c.req.valid('json')), 201),
);
