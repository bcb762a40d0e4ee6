/**
 * The Python client (`clients/python`): openapi-python-client, pinned and installed by
 * scripts/tools/openapi-python-client.sh, with `clients/python-generator.yaml` and the API version
 * as the package version. The generator's own README and .gitignore are not kept: the folder's
 * README is written by hand.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { ClientTarget, GeneratedFiles } from './files.ts';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGE = 'plinth_client';

export const pythonClient: ClientTarget = {
  name: 'Python',
  dir: 'python',
  owned: [PACKAGE],
  async generate(document, version) {
    const bin = (
      await run('bash', [join(REPO, 'scripts/tools/openapi-python-client.sh')], { maxBuffer: 1 << 24 })
    ).stdout.trim();
    const work = await mkdtemp(join(tmpdir(), 'plinth-python-client-'));
    try {
      await writeFile(join(work, 'openapi.json'), JSON.stringify(document));
      const config = await readFile(join(REPO, 'clients/python-generator.yaml'), 'utf8');
      await writeFile(
        join(work, 'config.yaml'),
        `${config}\npackage_version_override: ${JSON.stringify(version)}\n`,
      );
      const out = join(work, 'out');
      const { stdout, stderr } = await run(
        bin,
        [
          'generate',
          '--path',
          join(work, 'openapi.json'),
          '--config',
          join(work, 'config.yaml'),
          '--output-path',
          out,
        ],
        { maxBuffer: 1 << 24, cwd: work },
      );
      // It says "Generating <path>" and nothing else when the document gives it no trouble.
      const said = (stdout + stderr)
        .split('\n')
        .filter((l) => l.trim() !== '' && !l.startsWith('Generating '));
      if (said.length > 0) throw new Error(`openapi-python-client warned:\n${stdout}${stderr}`);
      const files: GeneratedFiles = new Map([
        ['pyproject.toml', await readFile(join(out, 'pyproject.toml'), 'utf8')],
      ]);
      const entries = await readdir(join(out, PACKAGE), { withFileTypes: true, recursive: true });
      for (const e of entries.filter((x) => x.isFile()).sort((a, b) => a.name.localeCompare(b.name))) {
        const path = join(e.parentPath, e.name);
        files.set(relative(out, path), await readFile(path, 'utf8'));
      }
      return files;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
};
