import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { EventFileError, writeEventFile } from './workspace-file.ts';

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

let root: string;
const mounts: string[] = [];
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'plinth-event-file-'));
});
afterAll(async () => {
  for (const mount of mounts.reverse()) await run('umount', [mount]).catch(() => {});
  await rm(root, { recursive: true, force: true });
});

async function workspace(): Promise<string> {
  const dir = await mkdtemp(join(root, 'ws-'));
  return dir;
}

/** Every file and directory under `dir`, relative, sorted. */
async function tree(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).sort();
}

/**
 * A directory nobody may write to. Root ignores permission bits, so as root it is a read-only bind
 * mount; otherwise mode 0555 does it. Undefined when root cannot mount (no CAP_SYS_ADMIN).
 */
async function readOnlyDir(): Promise<string | undefined> {
  const source = await workspace();
  if (!isRoot) {
    await chmod(source, 0o555);
    return source;
  }
  const target = await workspace();
  try {
    await run('mount', ['--bind', source, target]);
    mounts.push(target);
    await run('mount', ['-o', 'remount,ro,bind', target]);
    return target;
  } catch {
    return undefined;
  }
}

/** A tiny tmpfs (root only), to run out of space mid-write. */
async function tinyFilesystem(): Promise<string | undefined> {
  const dir = await workspace();
  try {
    await run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]);
    mounts.push(dir);
    return dir;
  } catch {
    return undefined;
  }
}

const event = (transaction: string) => ({
  labels: { 'svc.event.class': 'svc', 'svc.event.level': 'Info' },
  workspace: 'demo',
  block: 'cluster',
  action: 'install',
  date: '2026-11-26T10:00:00+00:00',
  transaction,
  message: 'Transaction stopped',
});

describe('writeEventFile', () => {
  it('writes .logs/<UTC day>/<transaction>.yml that reads back, with nothing else left', async () => {
    const ws = await workspace();
    const transaction = randomUUID();
    // 23:30 in New York on the 25th is the 26th in UTC.
    const date = new Date('2026-11-25T23:30:00-05:00');
    const { path } = await writeEventFile({
      workspaceDir: ws,
      transaction,
      date,
      yaml: stringify(event(transaction)),
    });
    expect(path).toBe(join(ws, '.logs', '2026-11-26', `${transaction}.yml`));
    expect(parse(await readFile(path, 'utf8'))).toEqual(event(transaction));
    expect(await tree(ws)).toEqual(['.logs', '.logs/2026-11-26', `.logs/2026-11-26/${transaction}.yml`]);
    expect((await stat(path)).mode & 0o777).toBe(0o640);
    expect((await stat(join(ws, '.logs', '2026-11-26'))).mode & 0o777).toBe(0o750);
  });

  it('replaces the file of the same transaction whole, even from writes at the same time', async () => {
    const ws = await workspace();
    const transaction = randomUUID();
    const date = new Date('2026-11-26T10:00:00Z');
    const long = stringify({ ...event(transaction), output: 'x'.repeat(100_000) });
    await writeEventFile({ workspaceDir: ws, transaction, date, yaml: long });
    const short = stringify(event(transaction));
    const { path } = await writeEventFile({ workspaceDir: ws, transaction, date, yaml: short });
    expect(await readFile(path, 'utf8')).toBe(short);

    const versions = Array.from({ length: 8 }, (_, i) => stringify({ ...event(transaction), attempt: i }));
    await Promise.all(versions.map((yaml) => writeEventFile({ workspaceDir: ws, transaction, date, yaml })));
    expect(versions).toContain(await readFile(path, 'utf8'));
    expect(await tree(join(ws, '.logs', '2026-11-26'))).toEqual([`${transaction}.yml`]);
  });

  it('names the file in lower case whatever the case of the transaction', async () => {
    const ws = await workspace();
    const transaction = randomUUID();
    const { path } = await writeEventFile({
      workspaceDir: ws,
      transaction: transaction.toUpperCase(),
      date: new Date('2026-01-02T00:00:00Z'),
      yaml: 'a: 1\n',
    });
    expect(path).toBe(join(ws, '.logs', '2026-01-02', `${transaction}.yml`));
  });

  it('refuses a missing workspace directory and creates nothing', async () => {
    const missing = join(root, 'no-such-workspace');
    const write = writeEventFile({
      workspaceDir: missing,
      transaction: randomUUID(),
      date: new Date(),
      yaml: 'a: 1\n',
    });
    await expect(write).rejects.toThrow(EventFileError);
    await expect(write).rejects.toThrow(`the workspace directory ${missing} does not exist`);
    await expect(stat(missing)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a path that is a file', async () => {
    const file = join(await workspace(), 'workspace.yml');
    await writeFile(file, 'name: demo\n');
    await expect(
      writeEventFile({ workspaceDir: file, transaction: randomUUID(), date: new Date(), yaml: 'a: 1\n' }),
    ).rejects.toThrow(`the workspace directory ${file} is not a directory`);
  });

  it('refuses a read-only workspace directory', async (ctx) => {
    const dir = await readOnlyDir();
    if (!dir) return ctx.skip('root here may not mount: no read-only directory to test with');
    const write = writeEventFile({
      workspaceDir: dir,
      transaction: randomUUID(),
      date: new Date(),
      yaml: 'a: 1\n',
    });
    await expect(write).rejects.toThrow(EventFileError);
    await expect(write).rejects.toThrow(
      new RegExp(`^the workspace directory ${dir} is not writable \\((EROFS|EACCES)\\)$`),
    );
    expect(await tree(dir)).toEqual([]);
  });

  it('leaves neither the file nor its temporary behind when the disk fills up', async (ctx) => {
    const dir = await tinyFilesystem();
    if (!dir) return ctx.skip('root here may not mount a tmpfs');
    const transaction = randomUUID();
    const date = new Date('2026-11-26T10:00:00Z');
    const write = writeEventFile({ workspaceDir: dir, transaction, date, yaml: 'x'.repeat(256 * 1024) });
    await expect(write).rejects.toMatchObject({ name: 'EventFileError', code: 'ENOSPC' });
    expect(await tree(dir)).toEqual(['.logs', '.logs/2026-11-26']);
  });

  it('refuses a transaction that is not a UUID, so it cannot climb out of the directory', async () => {
    const ws = await workspace();
    for (const transaction of ['../../etc/cron.d/x', 'not-a-uuid', `${randomUUID()}/..`, '']) {
      await expect(
        writeEventFile({ workspaceDir: ws, transaction, date: new Date(), yaml: 'a: 1\n' }),
        transaction,
      ).rejects.toThrow(/is not a UUID/);
    }
    expect(await tree(ws)).toEqual([]);
  });

  it('refuses a .logs that is a link out of the workspace', async () => {
    const ws = await workspace();
    const elsewhere = await workspace();
    await symlink(elsewhere, join(ws, '.logs'));
    await expect(
      writeEventFile({ workspaceDir: ws, transaction: randomUUID(), date: new Date(), yaml: 'a: 1\n' }),
    ).rejects.toThrow(`${join(ws, '.logs')} is not a directory (a link or a file)`);
    expect(await tree(elsewhere)).toEqual([]);
  });

  it('refuses a .logs that is a file, and a day that is a file', async () => {
    const ws = await workspace();
    const date = new Date('2026-11-26T00:00:00Z');
    await writeFile(join(ws, '.logs'), '');
    await expect(
      writeEventFile({ workspaceDir: ws, transaction: randomUUID(), date, yaml: '' }),
    ).rejects.toThrow(`${join(ws, '.logs')} is not a directory (a link or a file)`);
    await rm(join(ws, '.logs'));
    await mkdir(join(ws, '.logs'));
    await writeFile(join(ws, '.logs', '2026-11-26'), '');
    await expect(
      writeEventFile({ workspaceDir: ws, transaction: randomUUID(), date, yaml: '' }),
    ).rejects.toThrow(`creating ${join(ws, '.logs', '2026-11-26')} failed (EEXIST)`);
  });
});
