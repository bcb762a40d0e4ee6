import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from './config.ts';

/**
 * The configuration reference cannot drift from the code: docs/configuration.md's table has a row
 * for every variable of EnvSchema and none other, the README's table is a subset (with PLINTH_CONFIG
 * among it), and a default written as a literal is the schema's default.
 */

interface Row {
  readonly variable: string;
  readonly defaultText: string;
}

/** The rows of the first Markdown table whose first column is a `VARIABLE` after `heading`. */
function variableTable(file: string, heading: string): Row[] {
  const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${file} has no heading "${heading}"`);
  const rows: Row[] = [];
  for (const line of text.slice(start).split('\n')) {
    const cells = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|([^|]*)\|/.exec(line);
    if (cells) rows.push({ variable: cells[1]!, defaultText: cells[2]!.trim() });
    else if (rows.length > 0 && !line.startsWith('|')) break;
  }
  return rows;
}

/** The schema's default of a variable as written in the environment, or undefined when it has none. */
function schemaDefault(variable: string): string | undefined {
  let def = (EnvSchema.shape as Record<string, { _zod: { def: SchemaDef } }>)[variable]!._zod.def;
  while (def.type === 'pipe') def = def.in!._zod.def;
  return def.type === 'default' ? String(def.defaultValue) : undefined;
}
interface SchemaDef {
  type: string;
  defaultValue?: unknown;
  in?: { _zod: { def: SchemaDef } };
}

const variables = Object.keys(EnvSchema.shape).sort();

describe('the configuration reference', () => {
  const reference = variableTable('docs/configuration.md', '## Variables');
  const readme = variableTable('README.md', '## Configuration');

  it('docs/configuration.md has one row for every variable of EnvSchema, and no other', () => {
    expect(reference.map((r) => r.variable).sort()).toEqual(variables);
  });

  it("the README's table lists PLINTH_CONFIG and only variables that exist", () => {
    expect(readme.map((r) => r.variable)).toContain('PLINTH_CONFIG');
    for (const row of readme) expect(variables, row.variable).toContain(row.variable);
    expect(new Set(readme.map((r) => r.variable)).size).toBe(readme.length);
  });

  it('every default written as a literal is the schema default; a variable with none says so in words', () => {
    for (const row of [...reference, ...readme]) {
      const literal = /^`([^`]*)`$/.exec(row.defaultText)?.[1];
      const actual = schemaDefault(row.variable);
      if (actual === undefined) expect(literal, `${row.variable} has no default`).toBeUndefined();
      else expect(literal, `${row.variable}: ${row.defaultText}`).toBe(actual);
    }
  });
});
