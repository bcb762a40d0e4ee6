import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RunnerError } from './runner.ts';
import { runTool, tail } from './tool.ts';

/** A file name under the images directory: never a path, so `..` and `/` cannot reach out of it. */
const NAME = /^[a-z0-9][a-z0-9._-]{0,127}$/;
/** The OCI distribution spec's tag grammar. */
const TAG = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const REF_NAME = 'org.opencontainers.image.ref.name';

export interface ImageRef {
  readonly name: string;
  readonly tag: string;
}

/** `name[:tag]` (tag `latest` when absent); anything else is an image that cannot exist. */
export function parseImage(image: string): ImageRef {
  const colon = image.indexOf(':');
  const name = colon < 0 ? image : image.slice(0, colon);
  const tag = colon < 0 ? 'latest' : image.slice(colon + 1);
  if (!NAME.test(name) || name.includes('..') || !TAG.test(tag)) {
    throw new RunnerError('image_not_found', `image ${JSON.stringify(image)} is not a valid name[:tag]`);
  }
  return { name, tag };
}

async function kindOf(path: string): Promise<'dir' | 'file' | undefined> {
  try {
    const s = await stat(path);
    return s.isDirectory() ? 'dir' : s.isFile() ? 'file' : undefined;
  } catch {
    return undefined;
  }
}

interface IndexJson {
  manifests?: { annotations?: Record<string, string> }[];
}

/**
 * The OCI layout holding `ref`: `<imagesDir>/<name>` itself, or `<imagesDir>/<name>.tar` extracted
 * into `scratch`. Rejects with `image_not_found` when neither exists or the tag is not in it. An
 * archive written without a tag (`skopeo copy … oci-archive:x.tar`) holds one untagged image: that
 * one answers to `latest`, tagged in the extracted copy (the images directory is never written).
 */
export async function locateImage(imagesDir: string, ref: ImageRef, scratch: string): Promise<string> {
  const label = `${ref.name}:${ref.tag}`;
  const dir = join(imagesDir, ref.name);
  const archive = `${dir}.tar`;
  let layout: string;
  let extracted = false;
  if ((await kindOf(dir)) === 'dir') {
    layout = dir;
  } else if ((await kindOf(archive)) === 'file') {
    layout = scratch;
    extracted = true;
    await mkdir(layout, { recursive: true });
    const untar = await runTool('tar', ['-xf', archive, '-C', layout, '--no-same-owner'], 10 * 60_000);
    if (untar.code !== 0) {
      throw new RunnerError(
        'image_not_found',
        `image ${label}: ${archive} is not a readable archive: ${tail(untar.stderr)}`,
      );
    }
  } else {
    throw new RunnerError(
      'image_not_found',
      `image ${label} not found (no ${ref.name} or ${ref.name}.tar in the images directory)`,
    );
  }

  let index: IndexJson;
  try {
    index = JSON.parse(await readFile(join(layout, 'index.json'), 'utf8')) as IndexJson;
  } catch {
    throw new RunnerError(
      'image_not_found',
      `image ${label}: ${ref.name} is not an OCI layout (no readable index.json)`,
    );
  }
  const manifests = Array.isArray(index.manifests) ? index.manifests : [];
  if (manifests.some((m) => m.annotations?.[REF_NAME] === ref.tag)) return layout;
  const only = manifests.length === 1 ? manifests[0] : undefined;
  if (extracted && ref.tag === 'latest' && only && only.annotations?.[REF_NAME] === undefined) {
    only.annotations = { ...only.annotations, [REF_NAME]: 'latest' };
    await writeFile(join(layout, 'index.json'), JSON.stringify(index));
    return layout;
  }
  const tags = manifests.map((m) => m.annotations?.[REF_NAME]).filter((t) => t !== undefined);
  throw new RunnerError(
    'image_not_found',
    `image ${label} not found: ${ref.name} has no tag ${ref.tag} (tags: ${tags.join(', ') || 'none'})`,
  );
}
