import { stringify } from 'yaml';
import { usageError } from './errors.ts';

export type Format = 'table' | 'json' | 'yaml';

/** The global output flags, as commander parses them. */
export interface OutputOptions {
  output?: string | undefined;
  fields?: string | undefined;
  /** `--no-headers` makes this false. */
  headers?: boolean | undefined;
}

/** A table column: `name` is what `--fields` names (a dotted path into the object). */
export interface Column {
  name: string;
  header: string;
  /** The cell's text; the value at `name` when absent. */
  value?: (row: Record<string, unknown>) => unknown;
}

/** A table on a terminal, JSON when stdout is not one (a pipe, a file), or what `-o` says. */
export function formatOf(opts: OutputOptions): Format {
  const wanted = opts.output ?? (process.stdout.isTTY ? 'table' : 'json');
  if (wanted !== 'table' && wanted !== 'json' && wanted !== 'yaml')
    throw usageError(`-o must be table, json or yaml, not "${wanted}".`);
  return wanted;
}

/** Colours only on a terminal, never with NO_COLOR (no-color.org) or TERM=dumb. */
export function useColor(stream: NodeJS.WriteStream = process.stdout): boolean {
  return (
    Boolean(stream.isTTY) &&
    !('NO_COLOR' in process.env && process.env.NO_COLOR !== '') &&
    process.env.TERM !== 'dumb'
  );
}

const paint = (code: string, text: string, on: boolean): string =>
  on ? `\x1b[${code}m${text}\x1b[0m` : text;
export const bold = (text: string, on = useColor()): string => paint('1', text, on);
export const dim = (text: string, on = useColor()): string => paint('2', text, on);
export const green = (text: string, on = useColor()): string => paint('32', text, on);
export const red = (text: string, on = useColor()): string => paint('31', text, on);
export const yellow = (text: string, on = useColor()): string => paint('33', text, on);

export function valueAt(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.length ? value.map(cellText).join(',') : '-';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function pick(row: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field] = valueAt(row, field) ?? null;
  return out;
}

const fieldList = (fields: string | undefined): string[] | undefined =>
  fields
    ?.split(',')
    .map((f) => f.trim())
    .filter(Boolean);

/** Renders rows as a table (columns, or `--fields`), JSON or YAML. */
export function renderRows(rows: Record<string, unknown>[], columns: Column[], opts: OutputOptions): string {
  const format = formatOf(opts);
  const fields = fieldList(opts.fields);
  if (format !== 'table') {
    const data = fields ? rows.map((r) => pick(r, fields)) : rows;
    return format === 'json' ? JSON.stringify(data, null, 2) + '\n' : stringify(data);
  }
  const chosen = fields
    ? fields.map((f) => columns.find((c) => c.name === f) ?? { name: f, header: f.toUpperCase() })
    : columns;
  const cells = rows.map((row) => chosen.map((c) => cellText(c.value ? c.value(row) : valueAt(row, c.name))));
  const showHeaders = opts.headers !== false;
  const widths = chosen.map((c, i) =>
    Math.max(showHeaders ? c.header.length : 0, ...cells.map((line) => line[i]!.length)),
  );
  const lineOf = (line: string[]) =>
    line
      .map((cell, i) => (i === line.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('   ')
      .trimEnd();
  const lines = cells.map(lineOf);
  if (showHeaders) lines.unshift(bold(lineOf(chosen.map((c) => c.header))));
  return lines.length ? lines.join('\n') + '\n' : '';
}

/** One object: a table of one row, or the object (its `--fields`) in JSON or YAML. */
export function renderOne(row: Record<string, unknown>, columns: Column[], opts: OutputOptions): string {
  const format = formatOf(opts);
  if (format === 'table') return renderRows([row], columns, opts);
  const fields = fieldList(opts.fields);
  const data = fields ? pick(row, fields) : row;
  return format === 'json' ? JSON.stringify(data, null, 2) + '\n' : stringify(data);
}

/** Writes to stdout. */
export function print(text: string): void {
  process.stdout.write(text);
}

/** A line to stderr: notes, warnings, progress. Never data a script reads. */
export function note(text: string): void {
  process.stderr.write(text + '\n');
}

/** Bytes as people read them (1.5 MiB), or "-" before the first measurement. */
export function humanBytes(bytes: unknown): string {
  if (typeof bytes !== 'number') return '-';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
