/**
 * CPU time by process, for benchmarks that run a whole stack on one machine: which part of it a
 * bucket's CPU went to. Reads `/proc` (Linux): every descendant of this process, grouped by what it
 * runs. Processes that ended between two samples are not counted.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface Proc {
  readonly ppid: number;
  readonly cpuSeconds: number;
  readonly label: string;
}

const LABELS: [RegExp, string][] = [
  [/api\/src\/index\.ts/, 'API'],
  [/operator\/src\/main\.ts/, 'operator'],
  [/kube-apiserver/, 'kube-apiserver'],
  [/kube-controller-manager/, 'kube-controller-manager'],
  [/\betcd\b/, 'etcd'],
  [/\bminio\b/, 'MinIO'],
  [/postgres/, 'PostgreSQL'],
  [/kubectl/, 'kubectl'],
];

function readProc(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields are counted after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    const label = LABELS.find(([re]) => re.test(cmdline))?.[1] ?? (pid === process.pid ? 'bench' : 'other');
    return {
      ppid: Number(fields[1]),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
      label,
    };
  } catch {
    return undefined;
  }
}

/** This process's descendants (and itself), with what each runs. */
function descendants(): Map<number, Proc> {
  const procs = new Map<number, Proc>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const p = readProc(pid);
    if (p) procs.set(pid, p);
  }
  const mine = (pid: number): boolean => {
    for (let p = pid, depth = 0; p > 1 && depth < 32; p = procs.get(p)?.ppid ?? 0, depth++) {
      if (p === process.pid) return true;
    }
    return false;
  };
  return new Map([...procs].filter(([pid]) => mine(pid)));
}

/** CPU seconds used so far by this process and its descendants, by label. */
export function cpuByProcess(): Map<string, number> {
  const totals = new Map<string, number>();
  for (const p of descendants().values()) totals.set(p.label, (totals.get(p.label) ?? 0) + p.cpuSeconds);
  return totals;
}

/** The parts that serve the API: in production on machines of their own, apart from any cluster. */
const API_SIDE = new Set(['API', 'MinIO', 'PostgreSQL']);

/**
 * Gives the API side (the API, PostgreSQL, MinIO) the CPUs `apiCpus` and everything else this
 * process started (the control plane, the operator, this client) the CPUs `clusterCpus`, as
 * production runs them on different machines. Processes started later inherit their parent's
 * CPUs: call it again after starting one on the API side.
 */
export function pinStack(apiCpus: string, clusterCpus: string): void {
  pinByLabel((label) => (API_SIDE.has(label) ? apiCpus : clusterCpus));
}

/** Pins this process and its descendants (all their threads) to the CPUs `cpusOf` gives their label. */
export function pinByLabel(cpusOf: (label: string) => string): void {
  const pin = (pid: number, cpus: string) => {
    try {
      execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    } catch {
      // Ended meanwhile.
    }
  };
  for (const [pid, p] of descendants()) pin(pid, cpusOf(p.label));
}

/** CPU milliseconds per item by label between two samples, largest first. */
export function cpuPerItem(
  before: Map<string, number>,
  after: Map<string, number>,
  items: number,
): [string, number][] {
  return [...after]
    .map(([label, s]) => [label, ((s - (before.get(label) ?? 0)) * 1000) / items] as [string, number])
    .filter(([, ms]) => ms >= 0.05)
    .sort((a, b) => b[1] - a[1]);
}

/** Each CPU's busy and total time so far (`/proc/stat`, in ticks), for `busyShare`. */
export function cpuTimes(): Map<string, { busy: number; total: number }> {
  const out = new Map<string, { busy: number; total: number }>();
  for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) {
    const m = /^cpu(\d+) (.*)$/.exec(line);
    if (!m) continue;
    // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
    const t = m[2]!.trim().split(/\s+/).slice(0, 8).map(Number);
    const total = t.reduce((a, b) => a + b, 0);
    out.set(`cpu${m[1]}`, { busy: total - t[3]! - t[4]!, total });
  }
  return out;
}

/**
 * How busy each CPU was between two `cpuTimes` samples, kernel time and every process included:
 * a core near 100% is the side that limits a closed loop of requests.
 */
export function busyShare(before: ReturnType<typeof cpuTimes>, after: ReturnType<typeof cpuTimes>): string {
  return [...after]
    .map(([cpu, a]) => {
      const b = before.get(cpu) ?? { busy: 0, total: 0 };
      return `${cpu} ${Math.round(((a.busy - b.busy) / Math.max(1, a.total - b.total)) * 100)}%`;
    })
    .join(', ');
}
