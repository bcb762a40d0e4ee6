import { readFileSync } from 'node:fs';

/** The agent's version is the repository's package version (the image copies package.json). */
export const AGENT_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export const USER_AGENT = `plinth-agent/${AGENT_VERSION}`;
