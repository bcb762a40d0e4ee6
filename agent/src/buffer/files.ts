import { open, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/** Segment files are named by a zero-padded sequence number, so names sort oldest first. */
const SEGMENT = /^(\d{12})\.jsonl$/;

export function segmentName(seq: number): string {
  return `${String(seq).padStart(12, '0')}.jsonl`;
}

export function segmentSeq(name: string): number | undefined {
  const m = SEGMENT.exec(name);
  return m ? Number(m[1]) : undefined;
}

/**
 * A directory's entries made durable: after a file is created, renamed or removed, its
 * directory must be synced too, or a crash can bring the old entry back.
 */
export async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** The bytes of a file and its complete lines, and how many lines end before `offset`. */
export async function countLines(
  path: string,
  offset: number,
): Promise<{ bytes: number; lines: number; linesBefore: number }> {
  const fh = await open(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(1024 * 1024);
    let position = 0;
    let lines = 0;
    let linesBefore = 0;
    for (;;) {
      const { bytesRead } = await fh.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      for (let i = chunk.indexOf(0x0a); i !== -1 && i < bytesRead; i = chunk.indexOf(0x0a, i + 1)) {
        lines++;
        if (position + i < offset) linesBefore++;
      }
      position += bytesRead;
    }
    return { bytes: position, lines, linesBefore };
  } finally {
    await fh.close();
  }
}

/**
 * How far the sender got: every byte before `offset` in segment `segment` is acknowledged, and
 * every older segment is. `lines` counts the lines before `offset`.
 */
export interface Cursor {
  segment: number;
  offset: number;
  lines: number;
}

const CURSOR = 'cursor.json';

export async function readCursor(dir: string): Promise<Cursor | undefined> {
  try {
    const c = JSON.parse(await readFile(join(dir, CURSOR), 'utf8')) as Partial<Cursor>;
    const ok = [c.segment, c.offset, c.lines].every((n) => Number.isSafeInteger(n) && n! >= 0);
    return ok ? (c as Cursor) : undefined;
  } catch {
    return undefined;
  }
}

/** Written to a temporary file, synced, renamed over the old one: a crash leaves one or the other. */
export async function writeCursor(dir: string, cursor: Cursor): Promise<void> {
  const tmp = join(dir, `${CURSOR}.tmp`);
  const fh = await open(tmp, 'w');
  try {
    await fh.writeFile(JSON.stringify(cursor));
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, join(dir, CURSOR));
  await syncDir(dir);
}

export async function removeQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}
