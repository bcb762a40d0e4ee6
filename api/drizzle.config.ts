import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each area keeps its tables in its own tables.ts (docs/development.md).
  schema: './api/src/**/tables.ts',
  out: './api/drizzle',
  casing: 'snake_case',
});
