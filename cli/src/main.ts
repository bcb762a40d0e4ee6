#!/usr/bin/env node
/**
 * `plinth`: the command line (docs/cli.md). Runs the command tree and turns every failure into one
 * line on standard error and a documented exit code (errors.ts).
 */
import { CommanderError } from 'commander';
import { describeError, EXIT } from './errors.ts';
import { buildProgram } from './program.ts';

// A reader that closed the pipe (`plinth audit export | head`) is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

async function main(argv: string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // Commander has printed the message (or the help, or the version) already.
      process.exitCode = err.exitCode === 0 ? EXIT.ok : EXIT.usage;
      return;
    }
    const { line, exitCode } = describeError(err);
    process.stderr.write(`plinth: ${line}\n`);
    process.exitCode = exitCode;
  }
}

void main(process.argv);
