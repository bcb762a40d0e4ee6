import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../columns.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/** What an agent last said of itself (the original product's four levels). */
export const agentHealth = pgEnum('agent_health', ['healthy', 'degraded', 'unhealthy', 'critical']);
export type AgentHealth = (typeof agentHealth.enumValues)[number];

/**
 * A monitoring agent: a name and a location in one organization (optionally one workspace, whose
 * endpoints alone it then checks). Its tokens are `agent_tokens`; what it reports lands here.
 */
export const agents = pgTable(
  'agents',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workspaceId: uuid().references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    location: text().notNull(),
    description: text().notNull().default(''),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Archived agents keep their history; their tokens stop working. */
    archivedAt: timestamp({ withTimezone: true }),
    health: agentHealth(),
    version: text(),
    uptimeSeconds: integer(),
    lastReportAt: timestamp({ withTimezone: true }),
    /** The last health report's counters and resource figures, as sent (validated, bounded). */
    report: jsonb().$type<Record<string, unknown>>(),
    lastErrorsAt: timestamp({ withTimezone: true }),
    /** The last error report (validated, bounded). */
    errors: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('agents_organization_name').on(t.organizationId, t.name),
    index('agents_workspace')
      .on(t.workspaceId)
      .where(sql`${t.workspaceId} is not null`),
  ],
);
export type AgentRow = typeof agents.$inferSelect;

/**
 * An agent's tokens (`pla_`, stored as SHA-256): bound to the agent, so the agent is always the
 * token's. A rotation gives the old ones an end (`expiresAt`, the grace period).
 */
export const agentTokens = pgTable(
  'agent_tokens',
  {
    id: id(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    displayPrefix: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('agent_tokens_hash').on(t.tokenHash), index('agent_tokens_agent').on(t.agentId)],
);
