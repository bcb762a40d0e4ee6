import type { CheckKind } from '../../core/db/schema/index.ts';

const HOST =
  /^(?=.{1,253}$)([A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)*\.?$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Why `target` is not a valid target of a `kind` check, or null when it is. */
export function targetProblem(kind: CheckKind, target: string): string | null {
  switch (kind) {
    case 'http': {
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        return 'An http(s) URL, such as https://shop.example.com/healthz.';
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'An http(s) URL.';
      if (url.username || url.password) return 'Give credentials as a header, not in the URL.';
      return null;
    }
    case 'tcp': {
      const m = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+):(\d{1,5})$/.exec(target);
      if (!m) return 'host:port, such as db.example.com:5432 or [2001:db8::1]:443.';
      const port = Number(m[2]);
      if (port < 1 || port > 65535) return 'A port from 1 to 65535.';
      const host = m[1]!;
      if (!host.startsWith('[') && !IPV4.test(host) && !HOST.test(host))
        return 'The host is not a valid name.';
      return null;
    }
    case 'dns':
      return HOST.test(target) ? null : 'A DNS name, such as shop.example.com.';
  }
}
