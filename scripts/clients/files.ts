import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

/** A client's generated files: path below the client's folder → contents. */
export type GeneratedFiles = Map<string, string>;

/** One client: its folder below `clients/`, the sub-folders only generation writes, and its generator. */
export interface ClientTarget {
  name: string;
  /** The client's folder, relative to `clients/`. */
  dir: string;
  /** Folders (relative to `dir`) whose every file is generated: a file generation no longer writes is stale. */
  owned: string[];
  generate(document: object, version: string): Promise<GeneratedFiles>;
}

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** The paths (relative to `root`) where the committed files differ from `files`, or are left over. */
export async function staleFiles(
  root: string,
  target: ClientTarget,
  files: GeneratedFiles,
): Promise<string[]> {
  const dir = join(root, target.dir);
  const stale: string[] = [];
  for (const [path, contents] of files) {
    const committed = await readFile(join(dir, path), 'utf8').catch(() => undefined);
    if (committed !== contents) stale.push(join(target.dir, path));
  }
  for (const owned of target.owned) {
    for (const path of await filesBelow(join(dir, owned))) {
      if (!files.has(join(owned, path))) stale.push(join(target.dir, owned, path));
    }
  }
  return stale;
}

/** Writes `files` into the client's folder and removes generated files no longer generated. */
export async function writeFiles(root: string, target: ClientTarget, files: GeneratedFiles): Promise<void> {
  const dir = join(root, target.dir);
  for (const owned of target.owned) {
    for (const path of await filesBelow(join(dir, owned))) {
      if (!files.has(join(owned, path))) await rm(join(dir, owned, path));
    }
  }
  for (const [path, contents] of files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), contents);
  }
}
