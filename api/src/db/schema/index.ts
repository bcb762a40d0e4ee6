export * from './users.ts';
export * from './organizations.ts';
export * from './workspaces.ts';
