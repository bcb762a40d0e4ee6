import { describe, expect, it } from 'vitest';
import { LabelSelectorError, parseLabelSelector } from './label-selector.ts';

describe('parseLabelSelector', () => {
  it.each([
    ['plinth.dev/default-workspace=true', { 'plinth.dev/default-workspace': 'true' }, true],
    ['plinth.dev/default-workspace=true', { 'plinth.dev/default-workspace': 'false' }, false],
    ['plinth.dev/default-workspace=true', {}, false],
    ['tier==dev', { tier: 'dev' }, true],
    ['tier!=prod', { tier: 'dev' }, true],
    ['tier!=prod', {}, true],
    ['tier!=prod', { tier: 'prod' }, false],
    ['tier in (dev, staging)', { tier: 'staging' }, true],
    ['tier in (dev,staging)', { tier: 'prod' }, false],
    ['tier in (dev,staging)', {}, false],
    ['tier notin (prod)', {}, true],
    ['tier notin (prod)', { tier: 'prod' }, false],
    ['team', { team: 'a' }, true],
    ['team', {}, false],
    ['!team', {}, true],
    ['!team', { team: 'a' }, false],
    ['team, tier=dev', { team: 'a', tier: 'dev' }, true],
    ['team,tier=dev', { tier: 'dev' }, false],
    ['kubernetes.io/metadata.name', { 'kubernetes.io/metadata.name': 'x' }, true],
    ['tier=', { tier: '' }, true],
  ])('%s against %j → %s', (selector, labels, expected) => {
    expect(parseLabelSelector(selector).matches(labels)).toBe(expected);
  });

  it('keeps the configured text for messages', () => {
    expect(String(parseLabelSelector('  a=b,  c  '))).toBe('a=b,  c');
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['=x', 'expected a label key'],
    ['a=b,', 'expected a label key'],
    ['a b', 'expected =, ==, !=, in or notin'],
    ['a in b', 'expected "("'],
    ['a in ()', 'must not be empty'],
    ['a in (b', 'must end with ")"'],
    ['a>1', 'not supported'],
    ['-a=b', 'label key "-a"'],
    ['Example.com/a=b', 'prefix'],
    ['a=b c', 'expected ","'],
    [`a=${'v'.repeat(64)}`, 'label value'],
  ])('refuses %j (%s)', (selector, message) => {
    expect(() => parseLabelSelector(selector)).toThrow(LabelSelectorError);
    expect(() => parseLabelSelector(selector)).toThrow(message);
  });
});
