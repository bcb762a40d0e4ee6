/**
 * Writes the S3Bucket CustomResourceDefinition from the operator's zod schema
 * (operator/src/api/v1alpha1/s3bucket.ts, s3bucket-crd.ts) to crds/ and to the Helm chart.
 *
 *   npm run generate:crd             writes both files
 *   npm run generate:crd -- --check  writes nothing; exits 1 naming every stale file
 *
 * operator/src/api/v1alpha1/s3bucket-crd.test.ts makes the same check in the unit tests.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CRD_FILES, s3BucketCrdYaml } from '../operator/src/api/v1alpha1/s3bucket-crd.ts';

const REPO_ROOT = new URL('../', import.meta.url);

/** The stale files (from the repository's root), after writing fresh ones unless `check`. */
export async function generateCrd(check: boolean): Promise<string[]> {
  const text = s3BucketCrdYaml();
  const stale: string[] = [];
  for (const file of CRD_FILES) {
    const url = new URL(file, REPO_ROOT);
    if ((await readFile(url, 'utf8').catch(() => '')) === text) continue;
    stale.push(file);
    if (!check) await writeFile(url, text);
  }
  return stale;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const stale = await generateCrd(check);
  if (check && stale.length > 0) {
    console.error(`generate:crd: stale (run npm run generate:crd and commit):\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    check ? 'generate:crd: both copies are current' : `generate:crd: wrote ${stale.length} changed file(s)`,
  );
}
