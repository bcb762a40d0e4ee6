import type { TLSSocket } from 'node:tls';
import type { CheckOutcome } from './outcome.ts';

const DAY_MS = 86_400_000;

/** The parts of a certificate the result reports, read once at the handshake. */
export interface TlsFacts {
  version: string | null;
  valid: boolean;
  authorizationError: string | null;
  notAfterMs: number | null;
  issuer: string | null;
  subject: string | null;
}

/** A distinguished name as one line, `CN=localhost, O=Example`, in the certificate's own order. */
export function formatName(name: unknown): string | null {
  if (typeof name !== 'object' || name === null) return null;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(name as Record<string, unknown>)) {
    if (typeof value === 'string') parts.push(`${key}=${value}`);
    else if (Array.isArray(value)) parts.push(`${key}=${value.join('+')}`);
  }
  return parts.length > 0 ? parts.join(', ') : null;
}

export function tlsFacts(socket: TLSSocket): TlsFacts {
  const cert = socket.getPeerCertificate(false);
  const notAfter = cert && typeof cert.valid_to === 'string' ? Date.parse(cert.valid_to) : NaN;
  const authError = socket.authorizationError as unknown;
  return {
    version: socket.getProtocol(),
    valid: socket.authorized,
    authorizationError:
      authError instanceof Error ? authError.message : typeof authError === 'string' ? authError : null,
    notAfterMs: Number.isFinite(notAfter) ? notAfter : null,
    issuer: formatName(cert?.issuer),
    subject: formatName(cert?.subject),
  };
}

/** Whole days left, rounded down: negative once expired. */
export function daysUntil(notAfterMs: number, nowMs: number): number {
  return Math.floor((notAfterMs - nowMs) / DAY_MS);
}

/** Whether the certificate expires within `days` days of now. */
export function expiresWithin(notAfterMs: number, days: number, nowMs: number): boolean {
  return notAfterMs - nowMs < days * DAY_MS;
}

export function tlsFields(t: TlsFacts, nowMs: number): Partial<CheckOutcome> {
  return {
    http_tls_version: t.version,
    http_tls_valid: t.valid,
    ssl_cert_not_after: t.notAfterMs !== null ? new Date(t.notAfterMs).toISOString() : null,
    http_tls_days_until_expiry: t.notAfterMs !== null ? daysUntil(t.notAfterMs, nowMs) : null,
    http_tls_issuer: t.issuer,
    http_tls_subject: t.subject,
  };
}
