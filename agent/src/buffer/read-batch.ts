import { open } from 'node:fs/promises';

/** A segment file as the buffer tracks it. */
export interface Segment {
  seq: number;
  path: string;
  /** Written so far. */
  bytes: number;
  /** Synced so far: what may be read for sending. */
  synced: number;
  /** Complete lines written. */
  lines: number;
  /** No longer written to. */
  sealed: boolean;
}

/** Results read for one request, and where in their segment they lie. */
export interface Batch {
  segment: number;
  start: number;
  end: number;
  /** Lines read, the unreadable ones included: what acknowledging the batch moves past. */
  lines: number;
  /** Results in `body`. */
  count: number;
  /** `{"results":[…]}`, the lines as written: nothing is parsed and serialized again. */
  body: string;
}

const READ_BYTES = 1024 * 1024;

/**
 * Up to `max` complete lines of `seg` from `offset`, within what is synced. A line that is not
 * JSON (a write torn by a crash) is passed over; so is a torn last line of a closed segment.
 * `undefined`: nothing left to read; `'missing'`: the file is gone (dropped meanwhile).
 */
export async function readBatch(
  seg: Segment,
  offset: number,
  max: number,
): Promise<Batch | undefined | 'missing'> {
  const end = seg.sealed ? seg.bytes : seg.synced;
  if (offset >= end) return undefined;
  let fh;
  try {
    fh = await open(seg.path, 'r');
  } catch {
    return 'missing';
  }
  try {
    const length = Math.min(end - offset, READ_BYTES);
    const chunk = Buffer.allocUnsafe(length);
    const { bytesRead } = await fh.read(chunk, 0, length, offset);
    const parts: string[] = [];
    let lines = 0;
    let at = 0;
    while (lines < max) {
      const nl = chunk.indexOf(0x0a, at);
      if (nl === -1 || nl >= bytesRead) break;
      const line = chunk.toString('utf8', at, nl);
      lines++;
      at = nl + 1;
      if (isJson(line)) parts.push(line);
    }
    if (lines === 0) {
      // No line end in what is left: a torn tail (closed segment), or a line longer than a read,
      // which the agent never writes. Either way it cannot be sent: pass it as one line.
      if (bytesRead < READ_BYTES && !seg.sealed) return undefined;
      return { segment: seg.seq, start: offset, end: offset + bytesRead, lines: 0, count: 0, body: '' };
    }
    return {
      segment: seg.seq,
      start: offset,
      end: offset + at,
      lines,
      count: parts.length,
      body: `{"results":[${parts.join(',')}]}`,
    };
  } finally {
    await fh.close();
  }
}

function isJson(line: string): boolean {
  try {
    const v = JSON.parse(line) as unknown;
    return (
      typeof v === 'object' && v !== null && typeof (v as { result_id?: unknown }).result_id === 'string'
    );
  } catch {
    return false;
  }
}
