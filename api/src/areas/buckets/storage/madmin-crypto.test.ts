import { describe, expect, it } from 'vitest';
import * as nodeCrypto from 'node:crypto';
import { argon2idKey, decryptData, encryptData, MadminCryptoError } from './madmin-crypto.ts';

const text = (s: string) => new TextEncoder().encode(s);
const pattern = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) % 251);

// Made by running madmin-go v3.0.109's format (secure-io/sio-go streams, x/crypto Argon2id and
// PBKDF2) with a fixed salt (0x11 × 32) and nonce (0x22 × 8), one per algorithm id, for the
// password 'madmin-test-password' and the plaintext '{"status":"enabled"}'. MinIO answers with
// id 1 only on CPUs without AES instructions and with id 2 only from FIPS builds, so the real
// server in the integration tests answers with id 0, and decrypts our id 2 bodies.
const HEADER = '11'.repeat(32);
const GO_VECTORS: Record<number, string> = {
  0: `${HEADER}00${'22'.repeat(8)}9e6f625bf74ab639b2f13f27bafc7a4b54350404552a8d53932666bcda6ea567bc27a336`,
  1: `${HEADER}01${'22'.repeat(8)}ed64250dc7078517bf28c1e0abd7dfb99639d67d3a19b0841b526a3e9814467a0062d687`,
  2: `${HEADER}02${'22'.repeat(8)}4720bbe41e751c5b452ee96f216f527c83c54f8103946b1abe8f36f665699d7288395384`,
};

describe('madmin EncryptData format', () => {
  it('round-trips a small message with the documented layout', async () => {
    const plaintext = text('{"status":"enabled","secretKey":"s3cr3t-value"}');
    const sealed = await encryptData('password', plaintext);
    // salt 32 | id 1 | nonce 8 | one fragment with its 16-byte tag
    expect(sealed.length).toBe(32 + 1 + 8 + plaintext.length + 16);
    expect(sealed[32]).toBe(2); // PBKDF2-SHA256 + AES-256-GCM: no Argon2id on either side
    expect(await decryptData('password', sealed)).toEqual(plaintext);
  });

  it('round-trips the empty message and multi-fragment ones, including a full last fragment', async () => {
    for (const size of [0, 16_384, 16_385, 40_000]) {
      const plaintext = pattern(size);
      const sealed = await encryptData('pw', plaintext);
      const fragments = Math.max(1, Math.ceil(size / 16_384));
      expect(sealed.length, `size ${size}`).toBe(41 + size + 16 * fragments);
      expect(await decryptData('pw', sealed), `size ${size}`).toEqual(plaintext);
    }
  });

  it('decrypts what the reference implementation produced, for all three algorithm ids', async () => {
    for (const [id, hex] of Object.entries(GO_VECTORS)) {
      const plaintext = await decryptData('madmin-test-password', Buffer.from(hex, 'hex'));
      expect(new TextDecoder().decode(plaintext), `id ${id}`).toBe('{"status":"enabled"}');
    }
  });

  it.skipIf(typeof nodeCrypto.argon2 !== 'function')(
    'derives the same key natively and in WebAssembly',
    async () => {
      const salt = Uint8Array.from({ length: 32 }, (_, i) => i);
      const native = await argon2idKey('pässword', salt, 'native');
      expect(native).toHaveLength(32);
      expect(await argon2idKey('pässword', salt, 'wasm')).toEqual(native);
    },
  );

  it('refuses a wrong password', async () => {
    const sealed = await encryptData('right', text('secret'));
    await expect(decryptData('wrong', sealed)).rejects.toThrow(MadminCryptoError);
    await expect(decryptData('wrong', Buffer.from(GO_VECTORS[1]!, 'hex'))).rejects.toThrow(MadminCryptoError);
  });

  it('detects tampering anywhere: salt, id, nonce, ciphertext, tag', async () => {
    const sealed = await encryptData('pw', text('do not touch'));
    for (const index of [0, 32, 33, 41, sealed.length - 1]) {
      const copy = Uint8Array.from(sealed);
      copy[index]! ^= 0x01;
      await expect(decryptData('pw', copy), `byte ${index}`).rejects.toThrow(MadminCryptoError);
    }
  });

  it('detects truncation and reordering of fragments', async () => {
    const sealed = await encryptData('pw', pattern(40_000));
    const sealedFragment = 16_384 + 16;
    // Dropping the last fragment leaves a full middle fragment last: its flag byte says "not last".
    const truncated = sealed.subarray(0, 41 + 2 * sealedFragment);
    await expect(decryptData('pw', truncated)).rejects.toThrow(MadminCryptoError);
    const swapped = Buffer.concat([
      sealed.subarray(0, 41),
      sealed.subarray(41 + sealedFragment, 41 + 2 * sealedFragment),
      sealed.subarray(41, 41 + sealedFragment),
      sealed.subarray(41 + 2 * sealedFragment),
    ]);
    await expect(decryptData('pw', swapped)).rejects.toThrow(MadminCryptoError);
  });

  it('rejects malformed input without deriving a key', async () => {
    await expect(decryptData('pw', new Uint8Array(56))).rejects.toThrow(/too short/);
    const unknownId = new Uint8Array(80);
    unknownId[32] = 7;
    await expect(decryptData('pw', unknownId)).rejects.toThrow(/algorithm id 7/);
  });
});
