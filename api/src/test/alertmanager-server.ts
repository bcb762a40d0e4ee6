import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onFreePorts, runToolScript, withScratchDir } from './process.ts';

/**
 * A throwaway Prometheus Alertmanager for tests: the binary from `scripts/tools/alertmanager.sh`
 * (built from the Go module proxy on first use), a temp directory for its storage (silences and
 * the notification log), its configuration and its log (`alertmanager.log`), a free loopback
 * port, no clustering, and one route to a receiver that notifies nobody (`null`) with no group
 * wait. What Plinth's alerting is compared with: the tests post alerts and silences through its
 * API v2 and read what it made of them.
 */
export interface AlertmanagerServer {
  /** `http://127.0.0.1:<port>`; its API is under `/api/v2/`. */
  readonly url: string;
  /** `GET /api/v2/alerts`: the alerts not resolved, whatever their state (active, suppressed). */
  alerts(): Promise<GettableAlert[]>;
  /** `GET /api/v2/silences`: every silence, expired ones included. */
  silences(): Promise<GettableSilence[]>;
  /** Stops the server and deletes its directory. */
  stop(): Promise<void>;
}

/** The parts of API v2's `gettableAlert` the tests read. */
export interface GettableAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  fingerprint: string;
  /** RFC 3339 times. */
  startsAt: string;
  endsAt: string;
  status: {
    state: 'unprocessed' | 'active' | 'suppressed';
    /** Ids of the silences that mute it. */
    silencedBy: string[];
    inhibitedBy: string[];
  };
}

/** A silence's matcher: `name` equals (`isEqual`, default true) or matches (`isRegex`) `value`. */
export interface Matcher {
  name: string;
  value: string;
  isRegex: boolean;
  isEqual?: boolean;
}

/** The parts of API v2's `gettableSilence` the tests read. */
export interface GettableSilence {
  id: string;
  matchers: Matcher[];
  /** RFC 3339 times. */
  startsAt: string;
  endsAt: string;
  createdBy: string;
  comment: string;
  status: { state: 'expired' | 'active' | 'pending' };
}

/** What `POST /api/v2/alerts` takes (an array of these); times are RFC 3339. */
export interface PostableAlert {
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  startsAt?: string;
  /** In the past or now: the alert is resolved. */
  endsAt?: string;
  generatorURL?: string;
}

/** What `POST /api/v2/silences` takes; it answers `{ silenceID }`. */
export interface PostableSilence {
  matchers: Matcher[];
  startsAt: string;
  endsAt: string;
  createdBy: string;
  comment: string;
}

/** Its configuration: every alert to a receiver with no integrations, sent at once. */
const CONFIG = [
  'route:',
  "  receiver: 'null'",
  '  group_wait: 0s',
  'receivers:',
  "  - name: 'null'",
  '',
].join('\n');

/** One API v2 call; throws with the status and Alertmanager's answer when it is not 2xx. */
export async function alertmanagerApi<T>(
  url: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${url}/api/v2/${path}`, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`alertmanager ${method} /api/v2/${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Starts a fresh Alertmanager; always `stop()` it, even when the test fails. */
export function startAlertmanager(): Promise<AlertmanagerServer> {
  return withScratchDir('plinth-alertmanager-', async (dir) => {
    const bin = await runToolScript('alertmanager.sh');
    const configPath = join(dir.path, 'alertmanager.yml');
    writeFileSync(configPath, CONFIG);
    const url = await onFreePorts(1, async ([port]) => {
      const url = `http://127.0.0.1:${port}`;
      await dir.start({
        name: 'alertmanager',
        command: bin,
        args: [
          `--config.file=${configPath}`,
          `--storage.path=${join(dir.path, 'data')}`,
          `--web.listen-address=127.0.0.1:${port}`,
          // Empty: no gossip listener, so a lone node that waits for no peers.
          '--cluster.listen-address=',
        ],
        // 200 once the configuration is loaded (503 before), within startProcess's 60 s.
        ready: `${url}/-/ready`,
      });
      return url;
    });
    return {
      url,
      alerts: () => alertmanagerApi<GettableAlert[]>(url, 'GET', 'alerts'),
      silences: () => alertmanagerApi<GettableSilence[]>(url, 'GET', 'silences'),
      stop: () => dir.remove(),
    };
  });
}
