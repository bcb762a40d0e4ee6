import { readFileSync } from 'node:fs';

/** The API version (`<major>.<minor>.<patch>`) is the package version. */
export const API_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
