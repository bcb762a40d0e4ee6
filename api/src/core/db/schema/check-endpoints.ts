import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../columns.ts';
import { organizations } from './organizations.ts';
import { workspaces } from './workspaces.ts';

export const checkKind = pgEnum('check_kind', ['http', 'tcp', 'dns']);
export type CheckKind = (typeof checkKind.enumValues)[number];

/** How a kind's check is made (the agent's `http`, `tcp` or `dns` object), validated at the edge. */
export type CheckSettings = Record<string, unknown>;

/**
 * An endpoint a workspace's agents check: its kind, target and settings, how often, which
 * locations (none: every agent that may), and the labels and annotations its alerts carry.
 */
export const checkEndpoints = pgTable(
  'check_endpoints',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    kind: checkKind().notNull(),
    target: text().notNull(),
    settings: jsonb().$type<CheckSettings>().notNull(),
    frequencySeconds: integer().notNull(),
    timeoutMs: integer().notNull(),
    locations: text().array().notNull(),
    labels: jsonb().$type<Record<string, string>>().notNull(),
    annotations: jsonb().$type<Record<string, string>>().notNull(),
    enabled: boolean().notNull().default(true),
    /** The alert rule: down after this many failures in a row from a location… */
    alertFailures: integer().notNull().default(3),
    /** …up again after this many successes in a row… */
    alertSuccesses: integer().notNull().default(2),
    /** …and `EndpointDown` from this many locations down (null: more than half of those reporting). */
    alertLocations: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('check_endpoints_workspace_name').on(t.workspaceId, t.name),
    index('check_endpoints_organization').on(t.organizationId),
  ],
);
export type CheckEndpointRow = typeof checkEndpoints.$inferSelect;
