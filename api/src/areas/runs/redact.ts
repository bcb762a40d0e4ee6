import { createHash } from 'node:crypto';

/**
 * What a run records never carries a secret: values of secret-looking flags and variables in the
 * command line, and of secret-looking keys (and every webhook header) in the configuration's
 * snapshot, are replaced by `***`.
 */
const SECRET_NAME =
  /(pass(word|wd|phrase)?|secret|token|api[-_]?key|private[-_]?key|access[-_]?key|credential|auth)/i;
export const REDACTED = '***';

/** Splits a command line as a shell would for plain words and quotes (no expansion). */
function words(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) out.push(m[0]);
  return out;
}

/** `--password=x`, `--token x`, `API_KEY=x` and `-p x` (a password flag) keep their names only. */
export function redactCommand(line: string): string {
  const parts = words(line);
  for (let i = 0; i < parts.length; i++) {
    const w = parts[i]!;
    const assign = /^(-{0,2}[A-Za-z0-9_.-]+)=(.*)$/.exec(w);
    if (assign && SECRET_NAME.test(assign[1]!)) parts[i] = `${assign[1]}=${REDACTED}`;
    else if (
      /^(--?[A-Za-z0-9_.-]+)$/.test(w) &&
      (SECRET_NAME.test(w) || w === '-p') &&
      i + 1 < parts.length
    ) {
      if (!parts[i + 1]!.startsWith('-')) parts[++i] = REDACTED;
    }
  }
  return parts.join(' ');
}

/** Quotes argv for showing as one command line. */
export function commandLine(argv: readonly string[]): string {
  return argv.map((a) => (/^[A-Za-z0-9_./:=@%+-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

function redactValue(value: unknown, underHeaders: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => redactValue(v, false));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        underHeaders || (SECRET_NAME.test(k) && (typeof v !== 'object' || v === null))
          ? REDACTED
          : redactValue(v, k === 'headers'),
      ]),
    );
  return value;
}

/** The configuration with secret-looking values and all header values replaced. */
export function redactSnapshot(config: Record<string, unknown>): Record<string, unknown> {
  return redactValue(config, false) as Record<string, unknown>;
}

/** A snapshot's content address: equal configurations give equal IDs. */
export function snapshotId(snapshot: Record<string, unknown>): string {
  return `sha256:${createHash('sha256').update(canonical(snapshot)).digest('hex')}`;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
