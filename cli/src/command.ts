import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { usageError } from './errors.ts';
import type { Globals } from './session.ts';

/**
 * The API operations (OpenAPI `operationId`s) each command calls: cli/src/coverage.test.ts holds
 * them against the document, so an operation without a command (or a listed exclusion) fails.
 */
export const OPERATIONS = new WeakMap<Command, string[]>();

/** Records that `command` calls `operationIds`, and returns it. */
export function uses(command: Command, ...operationIds: string[]): Command {
  OPERATIONS.set(command, [...(OPERATIONS.get(command) ?? []), ...operationIds]);
  return command;
}

/** The global flags (program.ts) merged with the command's own. */
export function globalsOf<T extends object = object>(command: Command): Globals & T {
  return command.optsWithGlobals<Globals & T>();
}

/** All of standard input, as text. */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A line typed at a prompt on standard error; with `secret` it is not echoed (a password). When
 * standard input is not a terminal, its first line is read instead, without a prompt.
 */
export async function ask(prompt: string, { secret = false } = {}): Promise<string> {
  if (!process.stdin.isTTY) {
    const text = await readStdin();
    return text.split(/\r?\n/)[0] ?? '';
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  if (secret) {
    // Echo nothing of what is typed after the prompt.
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    let prompted = false;
    output._writeToOutput = (s: string) => {
      if (!prompted) {
        process.stderr.write(s);
        prompted = true;
      }
    };
  }
  try {
    return await new Promise<string>((resolve) => rl.question(prompt, resolve));
  } finally {
    if (secret) process.stderr.write('\n');
    rl.close();
  }
}

/**
 * A destructive command's confirmation: `--yes`, or the user typing `y` at a terminal. Without a
 * terminal and without `--yes` it is a usage error, never a silent yes.
 */
export async function confirm(question: string, yes: boolean | undefined): Promise<void> {
  if (yes) return;
  if (!process.stdin.isTTY) throw usageError(`${question} Pass --yes to confirm without a terminal.`);
  const answer = await ask(`${question} [y/N] `);
  if (!/^y(es)?$/i.test(answer.trim())) throw usageError('Not confirmed; nothing was changed.');
}

/** A comma-separated flag value as a list. */
export const commaList = (value: string): string[] =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** `--org` and `--workspace`, for a command that works in one workspace. */
export const workspaceScoped = (command: Command): Command =>
  command
    .option('--org <organization>', 'the organization the workspace name is looked up in')
    .option('--workspace <workspace>', "the workspace (name or ID; default: the context's)");

/** A positive `--limit`. */
export const limitOf = (value: string): number => {
  const n = Number.parseInt(value, 10);
  if (!(n > 0)) throw usageError('--limit must be a positive number.');
  return n;
};

/** A rotation's grace in seconds: 0 (the old secret or token stops at once) to 7 days, as the API takes. */
export const graceOf = (value: string): number => {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 7 * 86_400)
    throw usageError('--grace must be a number of seconds from 0 to 604800.');
  return n;
};

/** A flag given several times (`--location a --location b`), as the list of its values. */
export const repeated = (value: string, previous: string[] | undefined): string[] => [
  ...(previous ?? []),
  value,
];
