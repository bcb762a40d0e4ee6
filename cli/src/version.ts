import pkg from '../package.json' with { type: 'json' };

/** The CLI's own version (cli/package.json); it moves with the API's version. */
export const CLI_VERSION: string = pkg.version;

/** Sent with every request, so the server's logs and audit say which client called. */
export const USER_AGENT = `plinth-cli/${CLI_VERSION}`;

/** Whether two versions differ in major or minor (a patch difference is fine). */
export function differsInMinor(a: string, b: string): boolean {
  const parts = (v: string) => v.replace(/^v/, '').split('.').slice(0, 2).join('.');
  return parts(a) !== parts(b);
}
