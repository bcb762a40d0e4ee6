import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // One file per table under core/db/schema/, re-exported by its index (docs/development.md).
  schema: './api/src/core/db/schema/index.ts',
  out: './api/drizzle',
  casing: 'snake_case',
});
