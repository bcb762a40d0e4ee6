import type { Role } from '../auth/policy.ts';

/** Values as pages show them: dates, sizes, role names. */

/** A date (day only) or what to say when there is none. */
export const day = (iso: string | null | undefined, none: string): string => (iso ? iso.slice(0, 10) : none);

/** A time to the minute, UTC. */
export const minute = (iso: string | null | undefined, none: string): string =>
  iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : none;

/** A time to the second, UTC, without the zone: `2026-11-25 14:03:12` (pages say UTC once). */
export const second = (iso: string): string => iso.slice(0, 19).replace('T', ' ');

export const ROLE_NAMES: Record<string, string> = { admin: 'Org Admin', user: 'User', viewer: 'Viewer' };

/** A workspace's `admin` is its Workspace Admin; an organization's is its Org Admin. */
export const WORKSPACE_ROLE_NAMES: Record<string, string> = { ...ROLE_NAMES, admin: 'Workspace Admin' };

/** The principal's role as people read it. */
export const EFFECTIVE_ROLE_NAMES: Record<Role, string> = {
  super_admin: 'Super Admin',
  org_admin: 'Org Admin',
  workspace_admin: 'Workspace Admin',
  user: 'User',
  viewer: 'Viewer',
};

/** Where a membership came from (a member's `source`). */
export const sourceName = (source: string): string =>
  source === 'idp' ? 'identity provider' : 'an administrator';

/** Bytes as people read them (binary units, one decimal). */
export function bytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return '–';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${v} B` : `${v.toFixed(1)} ${units[u]}`;
}

/** A count with thousands separators (en-US, as the rest of the UI). */
export const count = (n: number): string => n.toLocaleString('en-US');

/** The rounded size with the exact bytes beside it, when the rounding hides some. */
export function bytesExact(n: number): string {
  const rounded = bytes(n);
  return n < 1024 ? rounded : `${rounded} (${count(n)} bytes)`;
}

/** What every page says of usage that was never measured (or only before the bucket existed). */
export const NOT_MEASURED = 'not measured yet';

/**
 * A bucket's usage, or null while it is not measured: never, or only by a scan older than the
 * bucket (MinIO's scanner reports a new bucket as empty with its last scan's time).
 */
export function measured(
  usage: { bytes: number | null; objects: number | null; updated_at: string | null },
  createdAt: string,
): { bytes: number; objects: number; at: string } | null {
  if (usage.updated_at === null || usage.updated_at < createdAt) return null;
  return { bytes: usage.bytes ?? 0, objects: usage.objects ?? 0, at: usage.updated_at };
}

/** How long from `from` to `to` (or now): `850 ms`, `42 s`, `3 min 5 s`, `2 h 4 min`. */
export function duration(from: string | null, to: string | null, now = new Date()): string {
  if (!from) return '–';
  const ms = Math.max(0, (to ? Date.parse(to) : now.getTime()) - Date.parse(from));
  if (ms < 1000) return `${ms} ms`;
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}
