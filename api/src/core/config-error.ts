/**
 * A configuration problem, with one line per offending variable or file entry. Every loader
 * (api/src/config.ts and the sections of the PLINTH_CONFIG file it reads) throws it; the process
 * prints the lines and exits with code 2, never a stack, never a value (some hold secrets).
 */
export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}
