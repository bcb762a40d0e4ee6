/**
 * Builds `plinth` for distribution (docs/cli.md "Install", docs/releasing.md):
 *
 *   node cli/build.ts           cli/dist/plinth.cjs: one CommonJS file, no dependencies (npm pack ./cli)
 *   node cli/build.ts --sea     also cli/dist/plinth: a single executable (Node SEA) for this OS and CPU
 *
 * The executable is a copy of the running `node` with the bundle injected as its SEA blob
 * (`node --experimental-sea-config`, then postject), so it is built on each OS and architecture it
 * is for, with Node 24. `cli/dist/` is not committed.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const CLI = fileURLToPath(new URL('.', import.meta.url));
export const DIST = join(CLI, 'dist');
export const BUNDLE = join(DIST, 'plinth.cjs');
export const EXECUTABLE = join(DIST, process.platform === 'win32' ? 'plinth.exe' : 'plinth');
/** The fuse Node's SEA looks for (Node's docs, "Single executable applications"). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** The bundle: the CLI, the generated client, commander, yaml and openid-client in one file. */
export async function bundle(): Promise<string> {
  mkdirSync(DIST, { recursive: true });
  const result = await build({
    entryPoints: [join(CLI, 'src/main.ts')],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  if (result.errors.length) throw new Error(`esbuild failed: ${result.errors.map((e) => e.text).join('; ')}`);
  return BUNDLE;
}

/** The single executable, from the bundle: the SEA blob injected into a copy of this node. */
export async function sea(): Promise<string> {
  await bundle();
  const blob = join(DIST, 'plinth.blob');
  const config = join(DIST, 'sea-config.json');
  writeFileSync(
    config,
    JSON.stringify({ main: BUNDLE, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true }),
  );
  execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'inherit' });
  rmSync(EXECUTABLE, { force: true });
  copyFileSync(process.execPath, EXECUTABLE);
  // A signed macOS node must lose its signature before injection (and be signed again after).
  if (process.platform === 'darwin') execFileSync('codesign', ['--remove-signature', EXECUTABLE]);
  // postject ships no types; its API is one function.
  const postject: string = 'postject';
  const { inject } = (await import(postject)) as {
    inject: (file: string, name: string, data: Buffer, opts: Record<string, unknown>) => Promise<void>;
  };
  await inject(EXECUTABLE, 'NODE_SEA_BLOB', readFileSync(blob), {
    sentinelFuse: SEA_FUSE,
    ...(process.platform === 'darwin' && { machoSegmentName: 'NODE_SEA' }),
  });
  if (process.platform === 'darwin') execFileSync('codesign', ['--sign', '-', EXECUTABLE]);
  rmSync(blob);
  rmSync(config);
  return EXECUTABLE;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  const out = process.argv.includes('--sea') ? await sea() : await bundle();
  process.stderr.write(
    `${out}: ${(statSync(out).size / 1024 / 1024).toFixed(1)} MiB in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}
