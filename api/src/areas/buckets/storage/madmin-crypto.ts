import * as nodeCrypto from 'node:crypto';
import { createCipheriv, createDecipheriv, pbkdf2, randomBytes } from 'node:crypto';
import type { CipherGCMTypes } from 'node:crypto';
import { promisify } from 'node:util';
import { argon2id } from 'hash-wasm';

/*
 * MinIO's admin API encrypts secrets in request and response bodies (madmin-go's EncryptData)
 * with a key derived from the secret key that signs the request. The layout:
 *
 *   salt (32) | AEAD id (1) | nonce (8) | ciphertext fragments
 *
 * The plaintext is cut into 16 KiB fragments, each sealed on its own (the DARE-style stream of
 * secure-io/sio-go) with a 12-byte nonce `nonce | uint32_le(seq)`, seq counting from 1. The
 * associated data of each fragment is a flag byte (0x80 on the last fragment, else 0x00)
 * followed by the tag of sealing nothing under seq 0; the flag is what stops truncation from
 * passing as a shorter message. The last fragment always exists (empty for an empty plaintext)
 * and may be a full 16 KiB one.
 */

const SALT_LENGTH = 32;
const NONCE_LENGTH = 8;
const HEADER_LENGTH = SALT_LENGTH + 1 + NONCE_LENGTH;
const FRAGMENT_LENGTH = 16_384;
const TAG_LENGTH = 16;
const SEALED_FRAGMENT_LENGTH = FRAGMENT_LENGTH + TAG_LENGTH;

const AEAD_ARGON2ID_AES_GCM = 0x00;
const AEAD_ARGON2ID_CHACHA20_POLY1305 = 0x01;
const AEAD_PBKDF2_AES_GCM = 0x02;

const pbkdf2Async = promisify(pbkdf2);

/** Raised when data cannot be decrypted: wrong password, tampering, truncation or bad format. */
export class MadminCryptoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MadminCryptoError';
  }
}

type Cipher = 'aes-256-gcm' | 'chacha20-poly1305';

// Node 24.7+ has Argon2 in OpenSSL, run on the libuv pool; the WebAssembly fallback (older Node,
// e.g. a test runner on the system Node) takes as long but blocks the event loop meanwhile.
const nativeArgon2 = typeof nodeCrypto.argon2 === 'function' ? nodeCrypto.argon2 : undefined;

// Each derivation holds 64 MiB while it runs. Two at a time keep both cores busy and the memory
// bounded (the thread pool would otherwise run four: 256 MiB). Only decrypting MinIO's answers
// derives with Argon2 now (list-users, attach); creating a bucket no longer does.
const ARGON2_SLOTS = 2;
let argon2Running = 0;
const argon2Waiting: (() => void)[] = [];

async function withArgon2Slot<T>(work: () => Promise<T>): Promise<T> {
  // A finishing derivation hands its slot straight to the next waiter, so none can slip in between.
  if (argon2Running < ARGON2_SLOTS) argon2Running++;
  else await new Promise<void>((resolve) => argon2Waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = argon2Waiting.shift();
    if (next) next();
    else argon2Running--;
  }
}

/**
 * Argon2id with the parameters madmin-go fixes (1 pass, 64 MiB, 4 lanes, 32-byte key): native
 * when this Node has it, else WebAssembly. Exported for the test that holds the two equal.
 * @internal
 */
export async function argon2idKey(
  password: string,
  salt: Uint8Array,
  implementation: 'native' | 'wasm' = nativeArgon2 ? 'native' : 'wasm',
): Promise<Uint8Array> {
  if (implementation === 'native') {
    if (!nativeArgon2) throw new Error('this Node.js has no crypto.argon2');
    const params = {
      message: password,
      nonce: salt,
      passes: 1,
      memory: 64 * 1024,
      parallelism: 4,
      tagLength: 32,
    };
    return withArgon2Slot(
      () =>
        new Promise<Uint8Array>((resolve, reject) =>
          nativeArgon2('argon2id', params, (err, key) => (err ? reject(err) : resolve(new Uint8Array(key)))),
        ),
    );
  }
  return argon2id({
    password,
    salt,
    iterations: 1,
    memorySize: 64 * 1024,
    parallelism: 4,
    hashLength: 32,
    outputType: 'binary',
  });
}

async function deriveKey(id: number, password: string, salt: Uint8Array): Promise<[Uint8Array, Cipher]> {
  switch (id) {
    case AEAD_ARGON2ID_AES_GCM:
      return [await argon2idKey(password, salt), 'aes-256-gcm'];
    case AEAD_ARGON2ID_CHACHA20_POLY1305:
      return [await argon2idKey(password, salt), 'chacha20-poly1305'];
    case AEAD_PBKDF2_AES_GCM:
      return [await pbkdf2Async(password, salt, 8192, 32, 'sha256'), 'aes-256-gcm'];
    default:
      throw new MadminCryptoError(`unknown madmin encryption algorithm id ${id}`);
  }
}

function fragmentNonce(nonce: Uint8Array, seq: number): Buffer {
  const out = Buffer.alloc(NONCE_LENGTH + 4);
  out.set(nonce);
  out.writeUInt32LE(seq, NONCE_LENGTH);
  return out;
}

function seal(
  cipher: Cipher,
  key: Uint8Array,
  iv: Uint8Array,
  plaintext: Uint8Array,
  aad: Uint8Array,
): Buffer {
  // Node types the two AEADs apart; 'aes-256-gcm' stands for both, they take the same calls.
  const c = createCipheriv(cipher as CipherGCMTypes, key, iv, { authTagLength: TAG_LENGTH });
  c.setAAD(aad);
  return Buffer.concat([c.update(plaintext), c.final(), c.getAuthTag()]);
}

function open(cipher: Cipher, key: Uint8Array, iv: Uint8Array, sealed: Uint8Array, aad: Uint8Array): Buffer {
  const d = createDecipheriv(cipher as CipherGCMTypes, key, iv, { authTagLength: TAG_LENGTH });
  d.setAAD(aad);
  d.setAuthTag(sealed.subarray(sealed.length - TAG_LENGTH));
  try {
    return Buffer.concat([d.update(sealed.subarray(0, sealed.length - TAG_LENGTH)), d.final()]);
  } catch {
    throw new MadminCryptoError('madmin data is not authentic (wrong key, or modified data)');
  }
}

/** Joins into a plain Uint8Array of its own (a Buffer may be a view on Node's shared pool). */
function join(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The per-stream associated data; byte 0 is the last-fragment flag, set by the caller. */
function associatedData(cipher: Cipher, key: Uint8Array, nonce: Uint8Array): Buffer {
  const tag = seal(cipher, key, fragmentNonce(nonce, 0), new Uint8Array(0), new Uint8Array(0));
  return Buffer.concat([Buffer.of(0x00), tag]);
}

/**
 * Encrypts a request body for MinIO's admin API in madmin-go's `EncryptData` format, with
 * PBKDF2-SHA256 (8192 rounds) and AES-256-GCM: algorithm id 2, what madmin-go sends from a FIPS
 * build. MinIO decrypts all three ids whatever its build (madmin-go's `DecryptData` goes by the id
 * in the data), so this spares both sides the 64 MiB Argon2id derivation of ids 0 and 1 (~200 ms
 * of CPU each) for one of a few milliseconds. `password` is the secret key of the credentials that
 * sign the request: a random key, not a memorable password, and one that the SigV4 signature of
 * the same request already lets an eavesdropper test guesses against more cheaply still.
 */
export async function encryptData(password: string, plaintext: Uint8Array): Promise<Uint8Array> {
  const salt = randomBytes(SALT_LENGTH);
  const nonce = randomBytes(NONCE_LENGTH);
  const [key, cipher] = await deriveKey(AEAD_PBKDF2_AES_GCM, password, salt);
  const aad = associatedData(cipher, key, nonce);

  const count = Math.max(1, Math.ceil(plaintext.length / FRAGMENT_LENGTH));
  const parts: Uint8Array[] = [salt, Buffer.of(AEAD_PBKDF2_AES_GCM), nonce];
  for (let i = 0; i < count; i++) {
    if (i === count - 1) aad[0] = 0x80;
    const fragment = plaintext.subarray(i * FRAGMENT_LENGTH, (i + 1) * FRAGMENT_LENGTH);
    parts.push(seal(cipher, key, fragmentNonce(nonce, i + 1), fragment, aad));
  }
  return join(parts);
}

/**
 * Decrypts data produced by madmin-go's `EncryptData` (a MinIO admin response or a request body
 * of ours) with the secret key it was made for. Accepts all three algorithm ids: Argon2id with
 * AES-256-GCM or ChaCha20-Poly1305 (what MinIO answers with, unless a FIPS build), and PBKDF2
 * with AES-256-GCM (FIPS builds, and our own request bodies).
 * Throws {@link MadminCryptoError} when the data is not authentic or not in this format.
 */
export async function decryptData(password: string, data: Uint8Array): Promise<Uint8Array> {
  if (data.length < HEADER_LENGTH + TAG_LENGTH) throw new MadminCryptoError('madmin data is too short');
  const salt = data.subarray(0, SALT_LENGTH);
  const id = data[SALT_LENGTH]!;
  const nonce = data.subarray(SALT_LENGTH + 1, HEADER_LENGTH);
  const [key, cipher] = await deriveKey(id, password, salt);
  const aad = associatedData(cipher, key, nonce);

  const body = data.subarray(HEADER_LENGTH);
  const parts: Uint8Array[] = [];
  let offset = 0;
  let seq = 1;
  // A fragment is the last one exactly when no full sealed fragment follows it; this is how the
  // format tells a full last fragment from a full middle one.
  while (body.length - offset > SEALED_FRAGMENT_LENGTH) {
    parts.push(
      open(
        cipher,
        key,
        fragmentNonce(nonce, seq++),
        body.subarray(offset, offset + SEALED_FRAGMENT_LENGTH),
        aad,
      ),
    );
    offset += SEALED_FRAGMENT_LENGTH;
  }
  const last = body.subarray(offset);
  if (last.length < TAG_LENGTH) throw new MadminCryptoError('madmin data is truncated');
  aad[0] = 0x80;
  parts.push(open(cipher, key, fragmentNonce(nonce, seq), last, aad));
  return join(parts);
}
