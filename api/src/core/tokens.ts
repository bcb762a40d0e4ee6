import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * Bearer token formats. API keys are GitHub-style so secret scanners can recognise them offline:
 * a kind prefix, 30 random base62 characters (~178 bits), and 6 base62 characters of the CRC32 of
 * the prefix and body. Login tokens are JWTs and told apart by their shape.
 */
export const TOKEN_PREFIXES = { user: 'plu_', organization: 'plo_', system: 'pls_', agent: 'pla_' } as const;
export type TokenKind = keyof typeof TOKEN_PREFIXES;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
const TOKEN_PATTERN = /^(plu|plo|pls|pla)_([0-9A-Za-z]{36})$/;

function base62(n: number, width: number): string {
  let out = '';
  for (let v = n; v > 0; v = Math.floor(v / 62)) out = ALPHABET[v % 62]! + out;
  return out.padStart(width, '0');
}

function checksum(prefixAndBody: string): string {
  return base62(crc32(prefixAndBody), CHECKSUM_LENGTH);
}

function randomBody(): string {
  let out = '';
  while (out.length < BODY_LENGTH) {
    // Rejection sampling: 248 = 4 × 62, so every character is equally likely.
    for (const b of randomBytes(BODY_LENGTH * 2))
      if (b < 248 && out.length < BODY_LENGTH) out += ALPHABET[b % 62];
  }
  return out;
}

/** A new token of `kind`, its SHA-256 for storage, and the prefix shown in lists. */
export function generateToken(kind: TokenKind): { token: string; hash: string; displayPrefix: string } {
  const prefixAndBody = TOKEN_PREFIXES[kind] + randomBody();
  const token = prefixAndBody + checksum(prefixAndBody);
  return { token, hash: hashToken(token), displayPrefix: token.slice(0, TOKEN_PREFIXES[kind].length + 6) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type ParsedBearer =
  | { type: 'api_key'; kind: TokenKind; token: string }
  | { type: 'jwt'; token: string }
  | { type: 'malformed' };

const KINDS_BY_PREFIX = new Map<string, TokenKind>(
  Object.entries(TOKEN_PREFIXES).map(([k, p]) => [p, k as TokenKind]),
);
const JWT_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Classifies a bearer token by shape, checking an API key's checksum so typos and truncated
 * tokens are rejected without a database lookup.
 */
export function parseBearer(token: string): ParsedBearer {
  const match = TOKEN_PATTERN.exec(token);
  if (match) {
    const body = token.slice(0, token.length - CHECKSUM_LENGTH);
    if (checksum(body) !== token.slice(-CHECKSUM_LENGTH)) return { type: 'malformed' };
    return { type: 'api_key', kind: KINDS_BY_PREFIX.get(`${match[1]}_`)!, token };
  }
  if (token.length < 4096 && JWT_PATTERN.test(token)) return { type: 'jwt', token };
  return { type: 'malformed' };
}
