import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateSecret, isSecret, messageHeaders, signatureHeaders } from './signature.ts';

const body = JSON.stringify({
  transaction: '5060e6ff-7d4c-4a36-9d47-2f0c5a3c1b11',
  labels: { 'svc.event.level': 'Info' },
});

describe('generateSecret', () => {
  it('makes whsec_ and the base64 of 32 random bytes, different each time', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(generateSecret()).not.toBe(secret);
    expect(isSecret(secret)).toBe(true);
  });
});

describe('signatureHeaders', () => {
  it('signs as Standard Webhooks does: the official package verifies one secret', () => {
    const secret = generateSecret();
    const headers = signatureHeaders({ id: 'msg_1', timestamp: new Date(), body, secrets: [secret] });
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('gives one signature per secret during a rotation, and either secret verifies', () => {
    const [fresh, old] = [generateSecret(), generateSecret()];
    const headers = signatureHeaders({ id: 'msg_2', timestamp: new Date(), body, secrets: [fresh, old] });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(fresh).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(old).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(generateSecret()).verify(body, { ...headers })).toThrow(
      WebhookVerificationError,
    );
  });

  it('does not verify a tampered body, id or timestamp', () => {
    const secret = generateSecret();
    const now = new Date();
    const headers = signatureHeaders({ id: 'msg_3', timestamp: now, body, secrets: [secret] });
    const webhook = new Webhook(secret);
    expect(() => webhook.verify(body.replace('Info', 'Error'), { ...headers })).toThrow(
      WebhookVerificationError,
    );
    expect(() => webhook.verify(body, { ...headers, 'webhook-id': 'msg_4' })).toThrow(
      WebhookVerificationError,
    );
    const later = String(Number(headers['webhook-timestamp']) + 1);
    expect(() => webhook.verify(body, { ...headers, 'webhook-timestamp': later })).toThrow(
      WebhookVerificationError,
    );
  });

  it("signs the timestamp in whole seconds, which the package's tolerance refuses when old", () => {
    const secret = generateSecret();
    const old = new Date(Date.now() - 10 * 60_000 + 999);
    const headers = signatureHeaders({ id: 'msg_5', timestamp: old, body, secrets: [secret] });
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(old.getTime() / 1000)));
    expect(() => new Webhook(secret).verify(body, { ...headers })).toThrow(/too old/);
  });

  it('matches the package’s own signature byte for byte', () => {
    const secret = generateSecret();
    const timestamp = new Date('2026-11-26T10:00:00.750Z');
    const headers = signatureHeaders({ id: 'msg_6', timestamp, body, secrets: [secret] });
    expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('msg_6', timestamp, body));
  });

  it('refuses malformed secrets and ids without quoting the secret', () => {
    const sign =
      (secrets: string[], id = 'msg') =>
      () =>
        signatureHeaders({ id, timestamp: new Date(), body, secrets });
    expect(sign([])).toThrow(/at least one secret/);
    expect(sign(['not-a-secret-at-all'])).toThrow(/^signing secret 1 is not/);
    expect(sign(['not-a-secret-at-all'])).not.toThrow(/not-a-secret/);
    expect(sign([`whsec_${Buffer.alloc(8).toString('base64')}`])).toThrow(/24 to 64 bytes/);
    expect(sign([generateSecret(), 'whsec_***'])).toThrow(/^signing secret 2/);
    expect(sign([generateSecret()], 'a.b')).toThrow(/webhook id/);
    expect(sign([generateSecret()], 'a\r\nx-evil: 1')).toThrow(/webhook id/);
    expect(isSecret('whsec_')).toBe(false);
  });
});

describe('messageHeaders', () => {
  it('gives the id and the timestamp for an unsigned delivery', () => {
    expect(messageHeaders({ id: 'msg_7', timestamp: new Date('2026-11-26T10:00:00Z') })).toEqual({
      'webhook-id': 'msg_7',
      'webhook-timestamp': '1795687200',
    });
    expect(() => messageHeaders({ id: 'msg', timestamp: new Date(NaN) })).toThrow(/not a valid date/);
  });
});
