import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { countLines, readCursor, removeQuietly, segmentName, segmentSeq } from './files.ts';
import type { Cursor } from './files.ts';
import type { Segment } from './read-batch.ts';

/**
 * What a buffer directory holds at start: its segments (all closed now, oldest first), the cursor
 * into the oldest, and the results not yet acknowledged. Segments behind the cursor were
 * acknowledged (a crash came before they were deleted) and are deleted now. Without a readable
 * cursor everything left is sent again: the API dedupes by result id.
 */
export async function recover(
  dir: string,
): Promise<{ segments: Segment[]; cursor: Cursor; buffered: number }> {
  const seqs = (await readdir(dir))
    .map(segmentSeq)
    .filter((s): s is number => s !== undefined)
    .sort((a, b) => a - b);
  let cursor = (await readCursor(dir)) ?? { segment: seqs[0] ?? 1, offset: 0, lines: 0 };
  for (const seq of seqs) if (seq < cursor.segment) await removeQuietly(join(dir, segmentName(seq)));
  const live = seqs.filter((s) => s >= cursor.segment);
  // The cursor's segment is gone (dropped at the cap): start at the oldest there is.
  if (live[0] !== cursor.segment) cursor = { segment: live[0] ?? cursor.segment, offset: 0, lines: 0 };
  const segments: Segment[] = [];
  let buffered = 0;
  for (const seq of live) {
    const path = join(dir, segmentName(seq));
    const atCursor = seq === cursor.segment;
    // Lines are counted, not trusted from the cursor: a torn last line is not one.
    const { bytes, lines, linesBefore } = await countLines(path, atCursor ? cursor.offset : 0);
    if (atCursor) cursor = { segment: seq, offset: Math.min(cursor.offset, bytes), lines: linesBefore };
    segments.push({ seq, path, bytes, synced: bytes, lines, sealed: true });
    buffered += lines - (atCursor ? linesBefore : 0);
  }
  return { segments, cursor, buffered };
}
