import { describe, expect, it } from 'vitest';
import { brokenRule, lengthRules, rulesOf } from './rules.ts';
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

describe('lengthRules', () => {
  it('says the minimum, then the maximum, in the schema’s words; optional lets empty pass', () => {
    const password = z.string().min(12).max(20).optional();
    const rules = lengthRules(password, { min: 12, max: 20, optional: true });
    expect(brokenRule(rules, 'short')).toBe('Ensure this field has at least 12 characters.');
    expect(brokenRule(rules, 'a'.repeat(21))).toBe('Ensure this field has no more than 20 characters.');
    expect(brokenRule(rules, '')).toBeUndefined();
    expect(brokenRule(rules, 'a'.repeat(12))).toBeUndefined();
  });
  it('reads a minimum of 1 as not blank, and leaves out a rule the schema does not have', () => {
    const rules = lengthRules(z.string().trim().min(1), { min: 1, max: 5 });
    expect(rules).toHaveLength(1);
    expect(brokenRule(rules, '  ')).toBeDefined();
    expect(brokenRule(rules, 'a'.repeat(9))).toBeUndefined();
  });
});
