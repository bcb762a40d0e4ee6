import { execFile } from 'node:child_process';
import { RunnerError } from './runner.ts';

export interface ToolResult {
  /** The exit code; `null` when the tool was killed (its timeout, say). */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a helper tool (runc, umoci, tar) to its end. Resolves with a non-zero exit too, so the caller
 * decides what a failure means; rejects only when the tool cannot be started at all, as
 * `runner_unavailable` (a missing binary is the machine's problem, not the run's).
 */
export function runTool(command: string, args: readonly string[], timeoutMs = 60_000): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' },
      (err, stdout, stderr) => {
        if (!err) return resolve({ code: 0, stdout, stderr });
        const e = err as NodeJS.ErrnoException & { code?: unknown };
        if (e.code === 'ENOENT' || e.code === 'EACCES') {
          return reject(new RunnerError('runner_unavailable', `cannot run ${command}: ${e.code}`));
        }
        resolve({ code: typeof e.code === 'number' ? e.code : null, stdout, stderr });
      },
    );
  });
}

/** The last lines of a tool's error output, enough to say what went wrong without flooding. */
export function tail(text: string, max = 500): string {
  const trimmed = text.trim();
  return trimmed.length > max ? `…${trimmed.slice(-max)}` : trimmed;
}
