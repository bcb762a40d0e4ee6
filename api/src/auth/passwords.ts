import { argon2, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { unavailable } from '../core/errors.ts';

/**
 * Password hashing: Argon2id from node:crypto at OWASP's parameters (19 MiB, 2 passes, 1 lane),
 * run on libuv's thread pool so a login never blocks the event loop. Stored in the PHC string
 * format, `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (unpadded base64), so parameters can be
 * raised later: `needsRehash` says when a stored hash is older than today's parameters, and a
 * successful login then stores a new one. Hashes of the first release,
 * `scrypt$<N>$<r>$<p>$<salt>$<hash>`, are still verified.
 *
 * Each derivation holds its memory (19 MiB here, 32 MiB for an old scrypt hash) until it ends,
 * and anyone can ask for one by trying to sign in. So at most `HASHING.slots` run at once, bounded
 * queues wait behind them, and anything beyond is refused at once with 503: memory stays bounded
 * however many logins arrive together. Two classes share the slots, so a flood cannot starve the
 * sign-ins that are likely real: `trusted` (a user at one of their known addresses, and hashing for
 * an admin's user creation or password change) and `untrusted` (everything else: unknown
 * addresses, unknown users, the dummy hash). A freed slot goes to a trusted waiter first, each
 * class has its own queue, and untrusted checks also draw from a per-process token bucket, so
 * however many addresses a flood comes from, it runs a few derivations a second at most.
 */
export type HashingClass = 'trusted' | 'untrusted';

const ARGON2 = { memory: 19_456, passes: 2, parallelism: 1 } as const;
const SALT_LENGTH = 16;
const TAG_LENGTH = 32;

const SLOTS = 2;
const QUEUE: Record<HashingClass, number> = { trusted: 32, untrusted: 16 };
/**
 * The untrusted budget: 4 checks a second (about a seventh of what two slots do here at ~70 ms
 * per derivation), up to 8 at once after a quiet spell. Real sign-ins from new addresses are rare (a
 * person signs in once per session, and from a known address after the first time); a flood gets
 * 503 beyond it and the slots stay free for the sign-ins above.
 */
const UNTRUSTED_PER_SECOND = 4;
const UNTRUSTED_BURST = 8;

let running = 0;
const waiting: Record<HashingClass, (() => void)[]> = { trusted: [], untrusted: [] };
let tokens: number = UNTRUSTED_BURST;
let refilledAt = performance.now();

/** Tops up the untrusted budget for the time passed since the last top-up. */
function refill(): void {
  const now = performance.now();
  tokens = Math.min(UNTRUSTED_BURST, tokens + ((now - refilledAt) / 1000) * UNTRUSTED_PER_SECOND);
  refilledAt = now;
}

/** The hashing gate's size and, for tests, its state. */
export const HASHING = {
  slots: SLOTS,
  queue: QUEUE,
  untrustedPerSecond: UNTRUSTED_PER_SECOND,
  untrustedBurst: UNTRUSTED_BURST,
  get running(): number {
    return running;
  },
  get waiting(): number {
    return waiting.trusted.length + waiting.untrusted.length;
  },
  waitingOf(cls: HashingClass): number {
    return waiting[cls].length;
  },
  /** Untrusted checks that may start now. */
  get untrustedTokens(): number {
    refill();
    return Math.floor(tokens);
  },
};

const busy = () =>
  unavailable('Too many password checks are under way; try again in a moment.', 'password_hashing_busy', 1);

function admits(cls: HashingClass): boolean {
  if (cls === 'untrusted') {
    refill();
    if (tokens < 1) return false;
  }
  return running < SLOTS || waiting[cls].length < QUEUE[cls];
}

/**
 * Throws the 503 a derivation of `cls` would get now (without `cls`: when neither class would get
 * in). Callers with work to do before hashing (a login's database round trips) call it first, so a
 * flood is turned away before it costs anything.
 */
export function assertHashingCapacity(cls?: HashingClass): void {
  if (cls ? !admits(cls) : !admits('trusted') && !admits('untrusted')) throw busy();
}

async function withSlot<T>(cls: HashingClass, work: () => Promise<T>): Promise<T> {
  // Taking a slot or a place in the queue happens synchronously, before the first await.
  if (!admits(cls)) throw busy();
  if (cls === 'untrusted') tokens -= 1;
  if (running < SLOTS) running++;
  else await new Promise<void>((resolve) => waiting[cls].push(resolve));
  try {
    return await work();
  } finally {
    // A finishing derivation hands its slot straight to the next waiter, a trusted one first.
    const next = waiting.trusted.shift() ?? waiting.untrusted.shift();
    if (next) next();
    else running--;
  }
}

type Params =
  | { kind: 'argon2id'; memory: number; passes: number; parallelism: number; salt: Buffer }
  | { kind: 'scrypt'; N: number; r: number; p: number; salt: Buffer };
type Parsed = Params & { hash: Buffer };

const PHC =
  /^\$argon2id\$v=19\$m=(\d{1,9}),t=(\d{1,3}),p=(\d{1,2})\$([A-Za-z0-9+/]{11,})\$([A-Za-z0-9+/]{22,})$/;
const within = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** A stored hash's parts, or undefined when it is malformed or its parameters are out of bounds. */
function parse(stored: string): Parsed | undefined {
  const phc = PHC.exec(stored);
  if (phc) {
    const [memory, passes, parallelism] = [Number(phc[1]), Number(phc[2]), Number(phc[3])];
    // Bounds keep a tampered row from asking for gigabytes or minutes of work.
    if (!within(parallelism, 1, 4) || !within(passes, 1, 10) || !within(memory, 8 * parallelism, 65_536))
      return undefined;
    const salt = Buffer.from(phc[4]!, 'base64');
    const hash = Buffer.from(phc[5]!, 'base64');
    return { kind: 'argon2id', memory, passes, parallelism, salt, hash };
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (!within(N, 2, 2 ** 16) || (N & (N - 1)) !== 0 || !within(r, 1, 16) || !within(p, 1, 4))
    return undefined;
  return {
    kind: 'scrypt',
    N,
    r,
    p,
    salt: Buffer.from(parts[4]!, 'base64'),
    hash: Buffer.from(parts[5]!, 'base64'),
  };
}

function derive(password: string, params: Params, length: number, cls: HashingClass): Promise<Buffer> {
  const message = password.normalize('NFKC');
  return withSlot(
    cls,
    () =>
      new Promise<Buffer>((resolve, reject) => {
        const done = (err: Error | null, key: Buffer) => (err ? reject(err) : resolve(key));
        if (params.kind === 'argon2id') {
          const { memory, passes, parallelism, salt } = params;
          argon2('argon2id', { message, nonce: salt, memory, passes, parallelism, tagLength: length }, done);
        } else {
          const { N, r, p, salt } = params;
          scrypt(message, salt, length, { N, r, p, maxmem: 256 * N * r }, done);
        }
      }),
  );
}

const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');

/**
 * A new hash of `password`. Trusted by default: an admin creating a user or changing a password, a
 * successful sign-in's upgrade, the bootstrap admin.
 */
export async function hashPassword(password: string, cls: HashingClass = 'trusted'): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(password, { kind: 'argon2id', ...ARGON2, salt }, TAG_LENGTH, cls);
  const { memory, passes, parallelism } = ARGON2;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(hash)}`;
}

/**
 * Constant-time check of `password` against a stored hash, in the gate's class `cls` (untrusted
 * unless the caller knows better); false for any malformed hash. Throws the `password_hashing_busy`
 * unavailable error when the class is full or, for `untrusted`, its budget is spent.
 */
export async function verifyPassword(
  password: string,
  stored: string,
  cls: HashingClass = 'untrusted',
): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.salt.length < 8 || parsed.hash.length < 16) return false;
  const actual = await derive(password, parsed, parsed.hash.length, cls);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** True when `stored` was made with another algorithm or other parameters than today's. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return (
    parsed?.kind !== 'argon2id' ||
    parsed.memory !== ARGON2.memory ||
    parsed.passes !== ARGON2.passes ||
    parsed.parallelism !== ARGON2.parallelism
  );
}

/** A random password for generated accounts: 24 characters from a 62-letter alphabet. */
export function randomPassword(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(48);
  let out = '';
  // Rejection sampling keeps every letter equally likely.
  for (const b of bytes) if (b < 248 && out.length < 24) out += alphabet[b % 62];
  return out.length === 24 ? out : randomPassword();
}
