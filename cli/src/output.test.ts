import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { humanBytes, renderOne, renderRows } from './output.ts';
import { bash, walk } from './completion.ts';
import { buildProgram } from './program.ts';

const rows = [
  { name: 'photos', usage: { bytes: 1536, objects: 2 }, tags: ['a', 'b'] },
  { name: 'a', usage: { bytes: null, objects: null }, tags: [] },
];
const columns = [
  { name: 'name', header: 'NAME' },
  {
    name: 'usage.bytes',
    header: 'SIZE',
    value: (r: Record<string, unknown>) => humanBytes((r.usage as { bytes: unknown }).bytes),
  },
  { name: 'usage.objects', header: 'OBJECTS' },
];

describe('output', () => {
  it('aligns a table, with a dash for what is not there', () => {
    expect(renderRows(rows, columns, { output: 'table' })).toBe(
      'NAME     SIZE      OBJECTS\nphotos   1.5 KiB   2\na        -         -\n',
    );
  });

  it('leaves the header out with --no-headers and picks --fields by their dotted names', () => {
    expect(renderRows(rows, columns, { output: 'table', headers: false, fields: 'usage.objects,tags' })).toBe(
      '2   a,b\n-   -\n',
    );
  });

  it('gives JSON and YAML of the objects, or of their --fields', () => {
    expect(JSON.parse(renderRows(rows, columns, { output: 'json', fields: 'name,usage.objects' }))).toEqual([
      { name: 'photos', 'usage.objects': 2 },
      { name: 'a', 'usage.objects': null },
    ]);
    expect(parse(renderOne(rows[0]!, columns, { output: 'yaml' }))).toEqual(rows[0]);
  });

  it('refuses an unknown format as a usage error', () => {
    expect(() => renderRows(rows, columns, { output: 'xml' })).toThrow(/-o must be table, json or yaml/);
  });

  it('says sizes as people read them', () => {
    expect([0, 1023, 1024, 10 * 1024 * 1024, 3 * 1024 ** 4].map(humanBytes)).toEqual([
      '0 B',
      '1023 B',
      '1.0 KiB',
      '10 MiB',
      '3.0 TiB',
    ]);
    expect(humanBytes(null)).toBe('-');
  });
});

describe('completion', () => {
  it('names every command path of the tree in the bash script', () => {
    const program = buildProgram();
    const script = bash(program);
    const paths = walk(program)
      .map((n) => n.path)
      .filter(Boolean);
    expect(paths).toEqual(
      expect.arrayContaining(['buckets', 'buckets credentials', 'workspaces config set', 'ws config set']),
    );
    for (const path of paths) expect(script).toContain(`'${path}')`);
  });
});
