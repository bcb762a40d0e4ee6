import type { TestProject } from 'vitest/node';
import { startPostgresServer } from './postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server where tests may create databases: `DATABASE_URL` if given, else a throwaway cluster. */
    postgresServerUrl: string;
  }
}

/** Starts one PostgreSQL server for the whole run (or uses `DATABASE_URL`), stopped at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.DATABASE_URL;
  if (external) {
    project.provide('postgresServerUrl', external);
    return async () => {};
  }
  const server = await startPostgresServer();
  project.provide('postgresServerUrl', server.url);
  return () => server.destroy();
}
