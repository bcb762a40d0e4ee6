/**
 * The database schema: one file per table (drizzle's multi-file schema), shared by every area and
 * by auth. Tables belong to the data, not to an area: an area reads another area's rows through
 * that area's services, and its own tables from here. drizzle-kit reads this folder
 * (api/drizzle.config.ts); `npm run db:generate` turns a change here into a migration.
 */
export * from './users.ts';
export * from './organizations.ts';
export * from './workspaces.ts';
export * from './organization-members.ts';
export * from './workspace-members.ts';
export * from './api-keys.ts';
export * from './audit-log.ts';
export * from './audit-log-counts.ts';
export * from './buckets.ts';
export * from './user-identities.ts';
export * from './sessions.ts';
export * from './used-tokens.ts';
export * from './login-throttle.ts';
export * from './login-addresses.ts';
export * from './jobs.ts';
export * from './action-runs.ts';
export * from './events.ts';
export * from './agents.ts';
export * from './check-endpoints.ts';
export * from './check-results.ts';
export * from './check-rollup-mark.ts';
export * from './check-rollups.ts';
export * from './check-states.ts';
export * from './alerts.ts';
