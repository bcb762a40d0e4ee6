import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, lstat, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';

/** Why the `workspace` handler could not write its file, in words a workspace's owner can act on. */
export class EventFileError extends Error {
  /** The system error code when there is one (`EACCES`, `EROFS`, `ENOSPC`). */
  readonly code: string | undefined;
  constructor(message: string, code?: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'EventFileError';
    this.code = code;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

const codeOf = (err: unknown) => {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * Writes an event as `<workspaceDir>/.logs/YYYY-MM-DD/<transaction>.yml` (the day in UTC, the
 * transaction in lower case) so that a reader sees the old file or the new one, never a part: a
 * temporary file beside it, flushed, renamed over the name, and the directory flushed. The
 * workspace directory must exist and be writable; `.logs` and the day's directory are made.
 */
export async function writeEventFile(options: {
  workspaceDir: string;
  transaction: string;
  date: Date;
  yaml: string;
}): Promise<{ path: string }> {
  const { workspaceDir, transaction, date, yaml } = options;
  // The transaction becomes a file name: anything but a UUID could climb out of the directory.
  if (!UUID.test(transaction)) {
    throw new EventFileError(`the transaction ${JSON.stringify(transaction.slice(0, 64))} is not a UUID`);
  }
  if (Number.isNaN(date.getTime())) throw new EventFileError('the event date is not a valid date');
  if (!isAbsolute(workspaceDir)) {
    throw new EventFileError(`the workspace directory ${workspaceDir} is not an absolute path`);
  }
  await checkWorkspace(workspaceDir);

  const logs = join(workspaceDir, '.logs');
  const day = join(logs, date.toISOString().slice(0, 10));
  // A link planted in the workspace would send the file (and mkdir) elsewhere on the server.
  await refuseNonDirectory(logs);
  let created: string | undefined;
  try {
    created = await mkdir(day, { recursive: true, mode: 0o750 });
  } catch (err) {
    throw fsError(err, workspaceDir, `creating ${day}`);
  }
  for (const dir of [logs, day]) await refuseNonDirectory(dir);

  const path = join(day, `${transaction.toLowerCase()}.yml`);
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  let handle: FileHandle | undefined;
  try {
    handle = await open(temporary, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o640);
    await handle.writeFile(yaml, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temporary, path);
  } catch (err) {
    await handle?.close().catch(() => {});
    await rm(temporary, { force: true }).catch(() => {});
    throw fsError(err, workspaceDir, `writing ${path}`);
  }
  // The rename, and any directory just made, last only once their directories are flushed.
  const flush = [day];
  if (created !== undefined) {
    for (let dir = day; dir !== dirname(created); dir = dirname(dir)) flush.push(dirname(dir));
  }
  try {
    for (const dir of flush) await syncDirectory(dir);
  } catch (err) {
    throw fsError(err, workspaceDir, `flushing ${day}`);
  }
  return { path };
}

async function checkWorkspace(dir: string): Promise<void> {
  let info;
  try {
    info = await stat(dir);
  } catch (err) {
    const code = codeOf(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new EventFileError(`the workspace directory ${dir} does not exist`, code, { cause: err });
    }
    throw new EventFileError(`the workspace directory ${dir} cannot be read (${code})`, code, { cause: err });
  }
  if (!info.isDirectory())
    throw new EventFileError(`the workspace directory ${dir} is not a directory`, 'ENOTDIR');
  try {
    // Also true for root on a read-only mount (EROFS), where permission bits would not say.
    await access(dir, constants.W_OK | constants.X_OK);
  } catch (err) {
    const code = codeOf(err);
    throw new EventFileError(`the workspace directory ${dir} is not writable (${code})`, code, {
      cause: err,
    });
  }
}

/** Throws unless `dir` is absent or a directory itself, not a link to one. */
async function refuseNonDirectory(dir: string): Promise<void> {
  const info = await lstat(dir).catch((err: unknown) => {
    if (codeOf(err) === 'ENOENT') return undefined;
    throw fsError(err, dirname(dir), `reading ${dir}`);
  });
  if (info && !info.isDirectory()) throw new EventFileError(`${dir} is not a directory (a link or a file)`);
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function fsError(err: unknown, workspaceDir: string, action: string): EventFileError {
  if (err instanceof EventFileError) return err;
  const code = codeOf(err);
  if (code && NOT_WRITABLE.has(code)) {
    return new EventFileError(`the workspace directory ${workspaceDir} is not writable (${code})`, code, {
      cause: err,
    });
  }
  if (code === 'ENOSPC')
    return new EventFileError(`${action} failed: no space left (ENOSPC)`, code, { cause: err });
  if (code === 'EDQUOT')
    return new EventFileError(`${action} failed: over quota (EDQUOT)`, code, { cause: err });
  return new EventFileError(`${action} failed (${code ?? String(err)})`, code, { cause: err });
}
