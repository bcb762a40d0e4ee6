import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  firstDifference,
  GENERATE_COMMAND,
  generateApiClientTypes,
  OUTPUT_FILE,
} from '../../../scripts/generate-api-client.ts';

describe('operator/src/plinth-api/openapi.ts', () => {
  it("matches a fresh generation from the API's OpenAPI document", { timeout: 60_000 }, async () => {
    const fresh = await generateApiClientTypes();
    const committed = readFileSync(OUTPUT_FILE, 'utf8');
    // Not toBe(): a stale file would print a 4,000-line diff; say where and what to do instead.
    expect(
      committed === fresh,
      `openapi.ts is stale: the API's routes changed since it was generated. Run \`${GENERATE_COMMAND}\`.\n` +
        firstDifference(committed, fresh),
    ).toBe(true);
  });
});
