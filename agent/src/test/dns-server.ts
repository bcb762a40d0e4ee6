import { createSocket } from 'node:dgram';
import type { RemoteInfo } from 'node:dgram';

export interface DnsServerOptions {
  /** The one name answered (any case, with or without the final dot). */
  name: string;
  /** Its A records. */
  addresses: string[];
  /** Never answers: for timeouts. */
  silent?: boolean;
  ttl?: number;
}

export interface DnsServer {
  /** `127.0.0.1:<port>`, as an endpoint's `server` names it. */
  readonly address: string;
  readonly port: number;
  /** Queries received so far. */
  readonly queries: number;
  close(): Promise<void>;
}

const TYPE_A = 1;
const CLASS_IN = 1;
const RCODE_NXDOMAIN = 3;
const RCODE_FORMERR = 1;

/** The question's name, read as labels, and the offset just past it (no compression in queries). */
function readName(msg: Buffer, at: number): { name: string; end: number } | undefined {
  const labels: string[] = [];
  for (let i = at; i < msg.length;) {
    const len = msg[i]!;
    if (len === 0) return { name: labels.join('.'), end: i + 1 };
    if (len > 63 || i + 1 + len > msg.length) return undefined;
    labels.push(msg.toString('latin1', i + 1, i + 1 + len));
    i += 1 + len;
  }
  return undefined;
}

/**
 * A tiny authoritative DNS server over UDP on 127.0.0.1, in RFC 1035's wire format: A records for
 * one name, an empty NOERROR answer for that name's other types, NXDOMAIN for every other name.
 * The question is echoed byte for byte (case included, for resolvers that randomise it), and
 * additional records in the query (EDNS) are ignored.
 */
export async function startDnsServer(opts: DnsServerOptions): Promise<DnsServer> {
  const socket = createSocket('udp4');
  const wanted = opts.name.replace(/\.$/, '').toLowerCase();
  let queries = 0;
  socket.on('message', (msg: Buffer, from: RemoteInfo) => {
    queries++;
    if (opts.silent || msg.length < 12) return;
    const flags = msg.readUInt16BE(2);
    if (flags & 0x8000) return; // an answer, not a query
    const q = msg.readUInt16BE(4) === 1 ? readName(msg, 12) : undefined;
    const questionEnd = q ? q.end + 4 : 12;
    const header = Buffer.alloc(12);
    header.writeUInt16BE(msg.readUInt16BE(0), 0);
    if (!q || questionEnd > msg.length) {
      header.writeUInt16BE(0x8000 | (flags & 0x7800) | RCODE_FORMERR, 2);
      socket.send(header, from.port, from.address);
      return;
    }
    const qtype = msg.readUInt16BE(q.end);
    const known = q.name.toLowerCase() === wanted;
    const answers = known && qtype === TYPE_A ? opts.addresses : [];
    // QR, the query's opcode, AA, the query's RD, RA; NXDOMAIN for a name it does not know.
    header.writeUInt16BE(
      0x8000 | (flags & 0x7800) | 0x0400 | (flags & 0x0100) | 0x0080 | (known ? 0 : RCODE_NXDOMAIN),
      2,
    );
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const records = answers.map((ip) => {
      const rr = Buffer.alloc(16);
      rr.writeUInt16BE(0xc00c, 0); // a pointer to the question's name at offset 12
      rr.writeUInt16BE(TYPE_A, 2);
      rr.writeUInt16BE(CLASS_IN, 4);
      rr.writeUInt32BE(opts.ttl ?? 60, 6);
      rr.writeUInt16BE(4, 10);
      ip.split('.').forEach((octet, i) => rr.writeUInt8(Number(octet), 12 + i));
      return rr;
    });
    socket.send(Buffer.concat([header, msg.subarray(12, questionEnd), ...records]), from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  const port = socket.address().port;
  return {
    address: `127.0.0.1:${port}`,
    port,
    get queries() {
      return queries;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
