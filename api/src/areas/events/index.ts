import { ADMINS, ALL } from '../../auth/policy.ts';
import type { Registration } from '../../core/registry.ts';
import type { Area } from '../area.ts';
import { registerEventPages } from './pages.ts';
import { pool as deliveries } from './pool.ts';
import deliveryList from './routes/deliveries.ts';
import enable from './routes/enable.ts';
import get from './routes/get.ts';
import handlers from './routes/handlers.ts';
import list from './routes/list.ts';
import redeliver from './routes/redeliver.ts';
import secret from './routes/secret.ts';

/** What events add to the shared lists (core/registry.ts). */
const registration = {
  scopes: ['events:read', 'events:write'],
  actions: {
    'event.view': { roles: ALL, scope: 'events:read' },
    'event.redeliver': { roles: ADMINS, scope: 'events:write' },
    'event_handler.configure': { roles: ADMINS, scope: 'events:write' },
  },
  auditEvents: [
    'event.redelivered',
    'event_handler.secret_rotated',
    'event_handler.enabled',
    'event_handler.disabled',
  ],
  errorCodes: [],
} as const satisfies Registration;

declare module '../../core/registry.ts' {
  interface Registered {
    events: typeof registration;
  }
}

/**
 * Events: one per executed action, delivered to the workspace's handlers (`workspace`: a YAML file
 * under the workspace's directory; `webhook`: a signed POST), each delivery durable on the job
 * layer with its own runner, so a slow receiver never takes the areas' job slots. docs/events.md.
 */
export const eventsArea: Area = {
  name: 'events',
  tag: {
    name: 'events',
    description: "Workspace events, their deliveries to the workspace's handlers, and the handlers' secrets.",
  },
  registration,
  endpoints: [list, get, deliveryList, redeliver, handlers, secret, enable],
  pages: registerEventPages,
  pools: [deliveries],
};
