import { createHmac, randomBytes } from 'node:crypto';

/** The prefix Standard Webhooks puts before a secret's base64, so a secret is recognisable. */
const SECRET_PREFIX = 'whsec_';
/** Standard Webhooks asks for keys of 24 to 64 bytes; we make 32. */
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
// The id is signed and sent as a header: printable ASCII without spaces or the separator `.`
// keeps it unambiguous in the signed content and harmless in the header.
const MESSAGE_ID = /^[\x21-\x2d\x2f-\x7e]{1,255}$/;

/** The three headers of a Standard Webhooks message. */
export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** Whether `secret` is a usable signing secret (`whsec_` and the base64 of 24 to 64 bytes). */
export function isSecret(secret: string): boolean {
  return keyOf(secret) !== undefined;
}

function keyOf(secret: string): Buffer | undefined {
  if (!secret.startsWith(SECRET_PREFIX)) return undefined;
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) return undefined;
  const key = Buffer.from(encoded, 'base64');
  return key.length >= MIN_KEY_BYTES && key.length <= MAX_KEY_BYTES ? key : undefined;
}

/**
 * `webhook-id` and `webhook-timestamp` alone, for a delivery without a secret: the receiver still
 * gets the id that stays the same across retries, to drop a message it has already handled.
 */
export function messageHeaders(options: {
  id: string;
  timestamp: Date;
}): Omit<SignatureHeaders, 'webhook-signature'> {
  const { id, timestamp } = options;
  if (!MESSAGE_ID.test(id))
    throw new Error('the webhook id must be 1 to 255 printable characters without "." or spaces');
  const seconds = Math.floor(timestamp.getTime() / 1000);
  if (!Number.isFinite(seconds)) throw new Error('the webhook timestamp is not a valid date');
  return { 'webhook-id': id, 'webhook-timestamp': String(seconds) };
}

/**
 * The Standard Webhooks headers of one message: `v1,<base64 HMAC-SHA256>` of `id.seconds.body`
 * for each secret, space-separated, so that during a rotation a receiver that knows either the
 * new or the old secret accepts the message. Throws on a malformed secret without quoting it.
 */
export function signatureHeaders(options: {
  id: string;
  timestamp: Date;
  body: string;
  secrets: readonly string[];
}): SignatureHeaders {
  const { body, secrets } = options;
  const message = messageHeaders(options);
  if (secrets.length === 0) throw new Error('signing needs at least one secret');
  const signed = `${message['webhook-id']}.${message['webhook-timestamp']}.${body}`;
  const signatures = secrets.map((secret, i) => {
    const key = keyOf(secret);
    if (!key) throw new Error(`signing secret ${i + 1} is not "whsec_" and the base64 of 24 to 64 bytes`);
    return `v1,${createHmac('sha256', key).update(signed, 'utf8').digest('base64')}`;
  });
  return { ...message, 'webhook-signature': signatures.join(' ') };
}
