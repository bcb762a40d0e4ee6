import type { CheckResult, HttpErrorCategory } from '../protocol.ts';

/** What a check finds; the runner adds the id, the endpoint and the time. */
export type CheckOutcome = Omit<CheckResult, 'result_id' | 'endpoint_id' | 'checked_at'>;

/** A check, compiled once per assignment and run on every tick. Never rejects. */
export type Check = () => Promise<CheckOutcome>;

/** Milliseconds with at most 3 decimals, as the protocol carries them. */
export function ms(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export interface Failure {
  code: string;
  message: string;
  name?: string | undefined;
  category: HttpErrorCategory;
}

const MAX_MESSAGE = 200;

/**
 * A one-line message short enough for a dashboard. Node's network messages name the host and
 * port at most ("connect ECONNREFUSED 127.0.0.1:81"); nothing here ever holds a request header.
 */
export function shortMessage(text: string): string {
  const line = text.split('\n', 1)[0]!.trim();
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE - 1)}…` : line;
}

/** The failure fields every kind shares. */
export function failureFields(f: Failure): Pick<CheckOutcome, 'error_code' | 'error_name' | 'error_message'> {
  return { error_code: f.code, error_name: f.name ?? null, error_message: shortMessage(f.message) };
}

/** The agent's own ceiling on a check, so every kind says a timeout the same way. */
export function timeoutFailure(timeoutMs: number, during: string): Failure {
  return {
    code: 'ETIMEDOUT',
    name: 'TimeoutError',
    message: `timed out after ${timeoutMs} ms ${during}`,
    category: 'timeout',
  };
}
