import type { Hono } from 'hono';
import type { AreaPageDeps } from '../../areas/area.ts';
import { listWorkspaces } from '../../areas/workspaces/public.ts';
import { html } from '../../ui/html.ts';
import type { UiEnv } from '../../ui/context.ts';
import { pagesWith } from '../../ui/context.ts';
import { layout } from '../../ui/layout.ts';
import { listNotes } from './service.ts';

/** `/ui/notes/`: the notes of the workspaces the signed-in user sees, through the service. */
export function registerNotePages(ui: Hono<UiEnv>, deps: AreaPageDeps): void {
  const page = pagesWith(deps);
  ui.get(
    '/ui/notes/',
    page('notes', async (c, p) => {
      const { results } = await listWorkspaces(p.ctx, new URL(c.req.url), { page: 1, page_size: 100 });
      const notes = (await Promise.all(results.map((ws) => listNotes(p.ctx, ws.id)))).flat();
      const body = html`<h1>Notes</h1>
        <ul id="notes">
          ${notes.map((n) => html`<li data-id="${n.id}">${n.text}</li>`)}
        </ul>`;
      return c.html(layout('Notes', body, p.frame('notes')));
    }),
  );
}
