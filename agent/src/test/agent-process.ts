import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface AgentProcess {
  readonly child: ChildProcess;
  /** Everything it wrote, stdout and stderr. */
  readonly output: () => string;
  /** Its exit: the code, or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node agent/src/main.ts` with exactly `env` (and PATH), on this Node. */
export function startAgentProcess(env: Record<string, string>): AgentProcess {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => out, exited };
}

/** The result ids in a buffer directory's segment files, in file order; torn lines left out. */
export function idsOnDisk(dir: string): string[] {
  const ids: string[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      try {
        ids.push((JSON.parse(line) as { result_id: string }).result_id);
      } catch {
        // the empty text after the last line end, or a torn line
      }
    }
  }
  return ids;
}
