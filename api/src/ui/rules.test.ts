import { describe, expect, it } from 'vitest';
import { brokenRule, rulesOf } from './rules.ts';
import { z } from 'zod';
import '../core/validation.ts';

describe('rulesOf', () => {
  const schema = z
    .string()
    .min(3)
    .regex(/^[a-z]*$/, { error: 'Lowercase letters only.' });
  const rules = rulesOf(schema, [
    { pattern: '.{3,}', breaks: 'ab' },
    { pattern: '[a-z]*', breaks: 'ABC' },
  ]);

  it("takes each rule's message from the schema, and says only the first one broken", () => {
    expect(rules.map((r) => r.message)).toEqual([
      'Ensure this field has at least 3 characters.',
      'Lowercase letters only.',
    ]);
    expect(brokenRule(rules, 'A')).toBe('Ensure this field has at least 3 characters.');
    expect(brokenRule(rules, 'abcdefgH')).toBe('Lowercase letters only.');
    expect(brokenRule(rules, 'abc')).toBeUndefined();
  });
});
