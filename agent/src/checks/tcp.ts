import { connect } from 'node:net';
import type { AssignedEndpoint } from '../protocol.ts';
import { failureOf } from './errors.ts';
import { failureFields, ms, timeoutFailure } from './outcome.ts';
import type { Check, CheckOutcome, Failure } from './outcome.ts';
import { parseHostPort } from './target.ts';

const BANNER_BYTES = 256;

/** The first bytes of a banner as one printable line: line ends trimmed, the rest as '.'. */
export function printable(data: Buffer): string {
  return data
    .subarray(0, BANNER_BYTES)
    .toString('latin1')
    .replace(/[\r\n]+$/, '')
    .replace(/[^\x20-\x7e]/g, '.');
}

/**
 * Whether the banner read so far is all there will be to judge: a full line, or as many bytes
 * as the result keeps. A banner may arrive in pieces; waiting for the line's end (or the timeout)
 * keeps a split "SSH-2.0-" from failing a match on "SSH-2.0-OpenSSH".
 */
function bannerComplete(data: Buffer): boolean {
  return data.length >= BANNER_BYTES || data.includes(0x0a);
}

/**
 * A TCP check: connect within the timeout, and with `banner_match`, read what the server says
 * first and look for the text in it. One timer bounds the whole check.
 */
export function compileTcpCheck(endpoint: AssignedEndpoint): Check {
  const target = parseHostPort(endpoint.target);
  const match = endpoint.tcp?.banner_match ?? null;
  if (typeof target === 'string') {
    const f: Failure = { code: 'INVALID_TARGET', message: target, category: 'configuration' };
    return () =>
      Promise.resolve({ success: false, duration_ms: 0, tcp_connected: false, ...failureFields(f) });
  }
  return () => runTcp(target.host, target.port, match, endpoint.timeout_ms);
}

function runTcp(host: string, port: number, match: string | null, timeoutMs: number): Promise<CheckOutcome> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let connected = false;
    let remoteIp: string | null = null;
    let banner: Buffer | undefined;
    let done = false;
    const socket = connect({ host, port });

    const finish = (failure: Failure | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const outcome: CheckOutcome = {
        success: failure === undefined,
        duration_ms: ms(performance.now() - t0),
        resolved_ip: remoteIp,
        tcp_connected: connected,
      };
      if (match !== null) {
        outcome.tcp_banner = banner ? printable(banner) : null;
        outcome.tcp_response_matched = failure === undefined;
      }
      resolve(failure ? { ...outcome, ...failureFields(failure) } : outcome);
    };
    const judgeBanner = () => {
      if (banner!.includes(match!)) finish(undefined);
      else
        finish({
          code: 'BANNER_MISMATCH',
          message: 'the banner does not contain the expected text',
          category: 'response',
        });
    };

    const timer = setTimeout(() => {
      if (connected && banner) judgeBanner();
      else finish(timeoutFailure(timeoutMs, connected ? 'waiting for the banner' : 'connecting'));
    }, timeoutMs);
    socket.once('connect', () => {
      connected = true;
      remoteIp = socket.remoteAddress ?? null;
      if (match === null) finish(undefined);
    });
    socket.on('data', (chunk: Buffer) => {
      banner = banner ? Buffer.concat([banner, chunk]) : chunk;
      if (banner.includes(match!) || bannerComplete(banner)) judgeBanner();
    });
    socket.once('end', () => {
      if (banner) judgeBanner();
      else finish({ code: 'NO_BANNER', message: 'the server closed without a banner', category: 'response' });
    });
    socket.once('error', (err) => finish(failureOf(err)));
  });
}
