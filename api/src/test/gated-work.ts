/**
 * Work a test lets finish when it chooses: `work(name)` logs `start <name>` when it begins and
 * settles (rejecting with `name` when `fail`) once `open(name)` is called.
 */
export function gatedWork() {
  const log: string[] = [];
  const gates = new Map<string, () => void>();
  const work =
    (name: string, fail = false) =>
    () => {
      log.push(`start ${name}`);
      return new Promise<string>((resolve, reject) =>
        gates.set(name, () => (fail ? reject(new Error(name)) : resolve(name))),
      );
    };
  const open = (name: string) => gates.get(name)!();
  return { log, work, open };
}
