import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registry } from '../core/registry.ts';
import { AREAS } from './index.ts';

const doc = (name: string) => readFileSync(new URL(`../../../docs/${name}`, import.meta.url), 'utf8');
const missing = (names: readonly string[], text: string) => names.filter((n) => !text.includes(`\`${n}\``));

/** What the areas register is what their users read about (docs/development.md, "Adding an area"). */
describe(`what the ${AREAS.length} areas register`, () => {
  it('has each error code in docs/http-api.md', () => {
    expect(missing(registry.errorCodes(), doc('http-api.md'))).toEqual([]);
  });

  it('has each audit event in docs/audit-log.md', () => {
    expect(missing(registry.auditEvents(), doc('audit-log.md'))).toEqual([]);
  });

  it('has each action and scope in docs/permissions.md', () => {
    const permissions = doc('permissions.md');
    expect(missing(registry.actions(), permissions)).toEqual([]);
    expect(missing(registry.scopes(), permissions)).toEqual([]);
  });
});
