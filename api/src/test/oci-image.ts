import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const APPLETS = ['sh', 'echo', 'sleep', 'cat', 'env', 'hostname', 'test', 'touch', 'ls'];

/**
 * A tiny OCI image built with umoci from Debian's busybox-static (scripts/ensure-tools.sh installs
 * both): an empty base, busybox and its applets as one layer, `PATH=/bin` and `env`, tagged `tag`
 * and `latest`, as the layout `<imagesDir>/<name>`. No registry, no daemon.
 */
export async function buildBusyboxImage(
  imagesDir: string,
  name: string,
  opts: { tag?: string; env?: readonly string[] } = {},
): Promise<string> {
  const tag = opts.tag ?? 'v1';
  const layout = join(imagesDir, name);
  const scratch = await mkdtemp(join(imagesDir, '.build-'));
  const bundle = join(scratch, 'bundle');
  try {
    await exec('umoci', ['init', '--layout', layout]);
    await exec('umoci', ['new', '--image', `${layout}:base`]);
    await exec('umoci', ['unpack', '--image', `${layout}:base`, bundle]);
    await mkdir(join(bundle, 'rootfs/bin'), { recursive: true });
    await copyFile('/bin/busybox', join(bundle, 'rootfs/bin/busybox'));
    for (const applet of APPLETS) await symlink('busybox', join(bundle, 'rootfs/bin', applet));
    await exec('umoci', ['repack', '--image', `${layout}:${tag}`, bundle]);
    await exec('umoci', [
      'config',
      '--image',
      `${layout}:${tag}`,
      '--config.env=PATH=/bin',
      ...(opts.env ?? []).map((e) => `--config.env=${e}`),
      `--tag=${tag}`,
    ]);
    await exec('umoci', ['tag', '--image', `${layout}:${tag}`, 'latest']);
    return layout;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
