import { eq, isNull, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../auth/context.ts';
import { authorize } from '../../auth/policy.ts';
import type { Database } from '../../core/db/client.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import { conflict, notFound } from '../../core/errors.ts';
import { workspaces } from '../../core/db/schema/index.ts';
import { notes } from './table.ts';
import type { Note, NoteCreate } from './schema.ts';

const toView = (n: typeof notes.$inferSelect): Note => ({
  id: n.id,
  workspace: n.workspaceId,
  text: n.text,
  created_at: n.createdAt.toISOString(),
});

/** The workspace of `id` (404 when it does not exist; `authorize` gives 404 when the caller cannot see it). */
async function workspaceOf(ctx: ServiceContext, id: string) {
  const [ws] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, id));
  if (!ws) throw notFound();
  return ws;
}

/** The notes of a workspace the caller may see (404 otherwise, as for the workspace). */
export async function listNotes(ctx: ServiceContext, workspaceId: string): Promise<Note[]> {
  const ws = await workspaceOf(ctx, workspaceId);
  await authorize(ctx, 'note.view', { organizationId: ws.organizationId, workspaceId: ws.id });
  const rows = await ctx.db.select().from(notes).where(eq(notes.workspaceId, ws.id)).orderBy(notes.createdAt);
  return rows.map(toView);
}

/** A new note, recorded in the audit log in the same transaction; 409 `note_exists` for a repeat. */
export async function createNote(ctx: ServiceContext, workspaceId: string, input: NoteCreate): Promise<Note> {
  const ws = await workspaceOf(ctx, workspaceId);
  await authorize(ctx, 'note.create', { organizationId: ws.organizationId, workspaceId: ws.id });
  const { principal, req } = ctx;
  try {
    const note = await ctx.db.transaction(async (tx) => {
      const [note] = await tx
        .insert(notes)
        .values({
          workspaceId: ws.id,
          organizationId: ws.organizationId,
          text: input.text,
          createdBy: principal.userId,
        })
        .returning();
      await ctx.audit.record(
        {
          event: 'note.created',
          actorUserId: principal.userId,
          apiKeyId: principal.apiKeyId,
          organizationId: ws.organizationId,
          username: principal.username,
          ip: req.ip,
          requestId: req.requestId,
          details: { workspace: ws.id, note: note!.id },
        },
        tx,
      );
      return note!;
    });
    return toView(note);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('The workspace has this note already.', 'note_exists');
    throw err;
  }
}

/** The job's work: stamps every note not stamped yet (idempotent, as a job must be). */
export async function stampNotes(db: Database): Promise<number> {
  const stamped = await db
    .update(notes)
    .set({ stampedAt: sql`now()` })
    .where(isNull(notes.stampedAt))
    .returning({ id: notes.id });
  return stamped.length;
}
