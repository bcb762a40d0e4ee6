import { z } from '@hono/zod-openapi';
import { Timestamp, text } from '../../core/schema.ts';

export const NoteSchema = z
  .object({
    id: z.uuid(),
    workspace: z.uuid(),
    text: z.string(),
    created_at: Timestamp,
  })
  .openapi('DemoNote', { description: 'A note in a workspace (the demo area).' });
export type Note = z.infer<typeof NoteSchema>;

export const NoteCreateSchema = z
  .object({ text: text().trim().min(1).max(200) })
  .openapi('DemoNoteCreate', { description: 'A new note.' });
export type NoteCreate = z.infer<typeof NoteCreateSchema>;

export const NoteListSchema = z.object({ results: z.array(NoteSchema) }).openapi('DemoNoteList');
