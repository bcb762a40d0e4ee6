import { mkdir, open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { CheckResult } from '../protocol.ts';
import { removeQuietly, segmentName, syncDir, writeCursor } from './files.ts';
import type { Cursor } from './files.ts';
import { readBatch } from './read-batch.ts';
import { recover } from './recover.ts';
import type { Batch, Segment } from './read-batch.ts';

export type { Batch };

export interface BufferOptions {
  dir: string;
  maxBytes: number;
  /** How often written results are synced to disk; the sender reads only synced ones. */
  syncIntervalMs?: number;
  /** Where a segment is closed and the next begun; by default a 16th of the cap, at most 4 MiB. */
  segmentBytes?: number;
  logger?: Logger;
}

export interface BufferStats {
  /** Results made and not yet acknowledged (pending writes included). */
  buffered: number;
  /** Results dropped unsent: the oldest segments, removed when the cap was reached. */
  dropped: number;
  bytes: number;
  /** The last write or sync succeeded. */
  healthy: boolean;
}

/**
 * The results on disk until the API has them. Results are JSON lines appended to segment files
 * (`000000000001.jsonl`, …) as soon as they are made, so a killed process loses none; they are
 * synced every `syncIntervalMs` and only synced ones are read for sending. Progress is a small
 * cursor file (`cursor.json`: segment, byte offset, lines), replaced atomically after each
 * acknowledged batch; a segment wholly behind the cursor is deleted (the cursor is written first,
 * so a crash in between leaves a file that the next start deletes). Sending resumes at the cursor
 * after a crash: results read but not acknowledged go again with the same ids, which the API
 * dedupes. Past `maxBytes` the oldest segment is deleted and its unsent results counted dropped.
 */
export class ResultBuffer {
  readonly #dir: string;
  readonly #maxBytes: number;
  readonly #segmentBytes: number;
  readonly #logger: Logger | undefined;
  /** Oldest first; the last is the one being written. */
  readonly #segments: Segment[];
  #cursor: Cursor;
  #fh: FileHandle;
  #pending: string[] = [];
  #pendingBytes = 0;
  #diskBytes: number;
  #buffered: number;
  #dropped = 0;
  #healthy = true;
  #pumping: Promise<void> | undefined;
  #syncWanted = false;
  #rotateWanted = false;
  #dirty = false;
  #closed = false;
  #cursorWrites: Promise<void> = Promise.resolve();
  readonly #syncTimer: NodeJS.Timeout;
  readonly #readable = new Set<() => void>();

  private constructor(opts: BufferOptions, state: Awaited<ReturnType<typeof recover>>, fh: FileHandle) {
    this.#dir = opts.dir;
    this.#maxBytes = opts.maxBytes;
    this.#segmentBytes =
      opts.segmentBytes ?? Math.min(4 * 1024 * 1024, Math.max(4096, Math.floor(opts.maxBytes / 16)));
    this.#logger = opts.logger;
    ({ segments: this.#segments, cursor: this.#cursor, buffered: this.#buffered } = state);
    this.#fh = fh;
    this.#diskBytes = state.segments.reduce((sum, s) => sum + s.bytes, 0);
    this.#syncTimer = setInterval(() => this.#wantSync(), opts.syncIntervalMs ?? 1000);
    this.#syncTimer.unref();
  }

  /** Opens the directory (made if missing) and picks up where the last process stopped. */
  static async open(opts: BufferOptions): Promise<ResultBuffer> {
    await mkdir(opts.dir, { recursive: true });
    const state = await recover(opts.dir);
    // Every start writes a new segment: the last one may end in a torn line.
    const seq = (state.segments.at(-1)?.seq ?? state.cursor.segment - 1) + 1;
    const path = join(opts.dir, segmentName(seq));
    const fh = await open(path, 'a');
    await syncDir(opts.dir);
    state.segments.push({ seq, path, bytes: 0, synced: 0, lines: 0, sealed: false });
    if (state.segments.length === 1) state.cursor = { segment: seq, offset: 0, lines: 0 };
    return new ResultBuffer(opts, state, fh);
  }

  get stats(): BufferStats {
    const bytes = this.#diskBytes + this.#pendingBytes;
    return { buffered: this.#buffered, dropped: this.#dropped, bytes, healthy: this.#healthy };
  }

  /** Takes a result: written to the current segment at once, synced within the interval. */
  append(result: CheckResult): void {
    if (this.#closed) return;
    const line = `${JSON.stringify(result)}\n`;
    this.#pending.push(line);
    this.#pendingBytes += Buffer.byteLength(line);
    this.#buffered++;
    this.#enforceCap();
    void this.#pump();
  }

  /** Calls `listener` whenever newly synced results can be read. */
  onReadable(listener: () => void): () => void {
    this.#readable.add(listener);
    return () => this.#readable.delete(listener);
  }

  /** The oldest unacknowledged results, up to `max`, as a request body; undefined when none. */
  async next(max: number): Promise<Batch | undefined> {
    for (;;) {
      const seg = this.#segments[0];
      if (!seg || seg.seq !== this.#cursor.segment) return undefined;
      const batch = await readBatch(seg, this.#cursor.offset, max);
      if (this.#segments[0] !== seg || batch === 'missing') continue; // dropped while being read
      if (batch === undefined) {
        if (!seg.sealed) return undefined;
        // Read to its end and closed: passing its end deletes it.
        await this.#advanceTo({ segment: seg.seq, offset: seg.bytes, lines: seg.lines });
        continue;
      }
      if (batch.count > 0) return batch;
      // Only unreadable lines (torn by a crash): pass them and read on.
      this.#logger?.warn({ lines: batch.lines, segment: seg.seq }, 'skipped unreadable buffered lines');
      await this.ack(batch);
    }
  }

  /** The API has `batch`: move the cursor past it, deleting a segment left wholly behind. */
  async ack(batch: Batch): Promise<void> {
    const c = this.#cursor;
    // The segment was dropped meanwhile (the cap): nothing of it is left to acknowledge.
    if (c.segment !== batch.segment || c.offset !== batch.start) return;
    this.#buffered -= batch.lines;
    await this.#advanceTo({ segment: c.segment, offset: batch.end, lines: c.lines + batch.lines });
  }

  /** Writes and syncs everything taken so far. */
  async flush(): Promise<void> {
    // A drain under way may be past its last look at the flags: let it end, then run one.
    await this.#pumping;
    this.#syncWanted = true;
    await this.#pump();
  }

  /** Flushes, closes the segment and waits for the cursor to be written. */
  async close(): Promise<void> {
    if (this.#closed) return;
    await this.flush();
    this.#closed = true;
    clearInterval(this.#syncTimer);
    await this.#pumping;
    await this.#fh.close().catch(() => undefined);
    await this.#cursorWrites;
  }

  #wantSync(): void {
    this.#syncWanted = true;
    void this.#pump();
  }

  /** The one writer of the open segment: writes, syncs and rotations happen here, one at a time. */
  #pump(): Promise<void> {
    this.#pumping ??= this.#drain().finally(() => {
      this.#pumping = undefined;
      // Results taken after the drain's last look, and before this: write them now.
      if (!this.#closed && this.#healthy && this.#pending.length > 0) void this.#pump();
    });
    return this.#pumping;
  }

  async #drain(): Promise<void> {
    while (
      !this.#closed &&
      (this.#pending.length > 0 || (this.#syncWanted && this.#dirty) || this.#rotateWanted)
    ) {
      const active = this.#segments.at(-1)!;
      try {
        if (this.#pending.length > 0) {
          const lines = this.#pending;
          const bytes = this.#pendingBytes;
          this.#pending = [];
          this.#pendingBytes = 0;
          try {
            const { bytesWritten } = await this.#fh.write(lines.join(''));
            if (bytesWritten !== bytes) throw new Error(`short write: ${bytesWritten} of ${bytes} bytes`);
          } catch (err) {
            this.#pending = lines.concat(this.#pending);
            this.#pendingBytes += bytes;
            throw err;
          }
          active.bytes += bytes;
          active.lines += lines.length;
          this.#diskBytes += bytes;
          this.#dirty = true;
        }
        if ((this.#syncWanted || this.#rotateWanted || active.bytes >= this.#segmentBytes) && this.#dirty) {
          this.#syncWanted = false;
          await this.#fh.datasync();
          this.#dirty = false;
          active.synced = active.bytes;
          for (const listener of this.#readable) listener();
        }
        this.#syncWanted = false;
        if (active.bytes >= this.#segmentBytes || this.#rotateWanted) await this.#rotate(active);
        this.#healthy = true;
      } catch (err) {
        this.#healthy = false;
        this.#logger?.error({ err: (err as Error).message }, 'cannot write the result buffer; retrying');
        return; // the next sync tick tries again, pending results kept
      }
    }
  }

  async #rotate(active: Segment): Promise<void> {
    this.#rotateWanted = false;
    const seq = active.seq + 1;
    const path = join(this.#dir, segmentName(seq));
    const fh = await open(path, 'a');
    await syncDir(this.#dir);
    await this.#fh.close();
    this.#fh = fh;
    active.sealed = true;
    this.#segments.push({ seq, path, bytes: 0, synced: 0, lines: 0, sealed: false });
    this.#enforceCap();
  }

  /**
   * Past the cap, deletes the oldest closed segments; the one being written is closed first. When
   * the disk refuses writes, results wait in memory, the oldest dropped past the cap as well.
   */
  #enforceCap(): void {
    while (this.#diskBytes + this.#pendingBytes > this.#maxBytes) {
      if (this.#segments.length < 2) {
        if (this.#segments[0]!.bytes > 0) this.#rotateWanted = true;
        while (this.#pendingBytes > this.#maxBytes && this.#pending.length > 1) {
          this.#pendingBytes -= Buffer.byteLength(this.#pending.shift()!);
          this.#buffered--;
          this.#dropped++;
        }
        return;
      }
      const oldest = this.#segments.shift()!;
      const unsent = oldest.lines - (this.#cursor.segment === oldest.seq ? this.#cursor.lines : 0);
      this.#diskBytes -= oldest.bytes;
      this.#buffered -= unsent;
      this.#dropped += unsent;
      this.#logger?.warn(
        { segment: oldest.seq, dropped: unsent, maxBytes: this.#maxBytes },
        'result buffer full: dropped the oldest results',
      );
      if (this.#cursor.segment === oldest.seq) {
        void this.#advanceTo({ segment: this.#segments[0]!.seq, offset: 0, lines: 0 });
      }
      void removeQuietly(oldest.path);
    }
  }

  /** Moves the cursor, deleting segments wholly behind it once the cursor that says so is on disk. */
  async #advanceTo(cursor: Cursor): Promise<void> {
    this.#cursor = cursor;
    const head = this.#segments[0];
    if (
      head &&
      head.seq === cursor.segment &&
      head.sealed &&
      cursor.offset >= head.bytes &&
      this.#segments.length > 1
    ) {
      this.#segments.shift();
      this.#diskBytes -= head.bytes;
      this.#cursor = { segment: this.#segments[0]!.seq, offset: 0, lines: 0 };
      await this.#persistCursor();
      await removeQuietly(head.path);
      return;
    }
    await this.#persistCursor();
  }

  /** Cursor writes one after another, each writing the latest cursor. */
  #persistCursor(): Promise<void> {
    this.#cursorWrites = this.#cursorWrites.then(() =>
      writeCursor(this.#dir, this.#cursor).catch((err: unknown) => {
        this.#healthy = false;
        this.#logger?.error({ err: (err as Error).message }, 'cannot write the buffer cursor');
      }),
    );
    return this.#cursorWrites;
  }
}
