import type { Area } from '../../areas/area.ts';
import { ALL, NOT_VIEWER } from '../../auth/policy.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import type { Registration } from '../../core/registry.ts';
import { registerNotePages } from './pages.ts';
import create from './routes/create.ts';
import list from './routes/list.ts';
import { stampNotes } from './service.ts';

/**
 * The demo area: what a new area is, in the shape docs/development.md ("Adding an area") walks
 * through, kept as a test fixture (areas/area.int.test.ts) so that the promise "one folder and one
 * line in AREAS" is checked, not only written down. It is never in `AREAS`.
 */
const registration = {
  scopes: ['notes:read', 'notes:write'],
  actions: {
    'note.view': { roles: ALL, scope: 'notes:read' },
    'note.create': { roles: NOT_VIEWER, scope: 'notes:write' },
  },
  auditEvents: ['note.created'],
  errorCodes: ['note_exists'],
} as const satisfies Registration;

// As every area does: its names join the unions, so `authorize(ctx, 'note.view', …)` compiles.
declare module '../../core/registry.ts' {
  interface Registered {
    demo: typeof registration;
  }
}

export const demoArea: Area = {
  name: 'demo-notes',
  tag: { name: 'notes', description: 'Notes in a workspace (the demo area of the tests).' },
  registration,
  endpoints: [list, create],
  pages: registerNotePages,
  nav: [{ section: 'notes', href: '/ui/notes/', label: 'Notes', order: 25 }],
  jobs: ({ db }) => ({
    'notes.stamp': async () => {
      await stampNotes(db);
    },
  }),
  schedules: [
    {
      name: 'notes.stamp',
      everyMs: 200,
      run: async ({ db }) => {
        await enqueue(db, { kind: 'notes.stamp', key: 'all' });
      },
    },
  ],
};
