export * from './users.ts';
export * from './organizations.ts';
export * from './workspaces.ts';
export * from './memberships.ts';
export * from './api-keys.ts';
export * from './audit-log.ts';
export * from './buckets.ts';
export * from './jobs.ts';
