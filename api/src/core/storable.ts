/**
 * Text from outside that Plinth keeps but does not refuse (an identity provider's claims):
 * PostgreSQL cannot store NUL in text or jsonb, nor a UTF-16 surrogate without its pair, so such a
 * value would fail the statement it reaches. The HTTP edge refuses them in requests
 * (http/storable-input.ts); these replace them instead. NUL becomes U+FFFD rather than
 * nothing, so a value never turns into another meaningful one (`svc-ad\0mins` is not `svc-admins`).
 */

export function storableText(value: string): string {
  return value.replaceAll('\u0000', '\ufffd').toWellFormed();
}

/** The first `max` UTF-16 units of a storable string, never cutting a surrogate pair in two. */
export function storablePrefix(value: string, max: number): string {
  const text = storableText(value);
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Deeper than this, a kept JSON value is cut (no claim nests this deep; recursion stays bounded). */
const MAX_DEPTH = 32;

/** `value` with every string and object key made storable, at any depth (cut below {@link MAX_DEPTH}). */
export function storableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storableText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((v) => storableJson(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [storableText(k), storableJson(v, depth + 1)]),
  );
}

/** Whether PostgreSQL can store `value` as it is. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}
