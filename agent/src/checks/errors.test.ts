import { describe, expect, it } from 'vitest';
import { categoryOf, failureOf, isCertificateError } from './errors.ts';
import { ms, shortMessage } from './outcome.ts';

describe('categoryOf', () => {
  it.each([
    ['ETIMEDOUT', 'timeout'],
    ['ECONNREFUSED', 'connection'],
    ['ECONNRESET', 'connection'],
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['EHOSTUNREACH', 'network'],
    ['ENETUNREACH', 'network'],
    ['HTTP_STATUS', 'response'],
    ['BODY_MISMATCH', 'response'],
    ['CERT_EXPIRING', 'response'],
    ['HPE_INVALID_CONSTANT', 'response'],
    ['INVALID_TARGET', 'configuration'],
    ['ERR_INVALID_CHAR', 'configuration'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'connection'],
    ['CERT_HAS_EXPIRED', 'connection'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'connection'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'connection'],
    ['EWHATEVER', 'other'],
  ])('%s is %s', (code, category) => {
    expect(categoryOf(code)).toBe(category);
  });

  it('tells certificate errors from other TLS failures', () => {
    expect(isCertificateError('DEPTH_ZERO_SELF_SIGNED_CERT')).toBe(true);
    expect(isCertificateError('ERR_TLS_CERT_ALTNAME_INVALID')).toBe(true);
    expect(isCertificateError('ERR_SSL_WRONG_VERSION_NUMBER')).toBe(false);
    expect(isCertificateError('ECONNRESET')).toBe(false);
  });
});

describe('failureOf', () => {
  it("keeps Node's code, name and message", () => {
    const err = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect(failureOf(err)).toEqual({
      code: 'ECONNREFUSED',
      name: 'Error',
      message: 'connect ECONNREFUSED 127.0.0.1:9',
      category: 'connection',
    });
  });

  it('makes do with anything thrown', () => {
    expect(failureOf('boom')).toMatchObject({ code: 'ERROR', message: 'ERROR', category: 'other' });
  });
});

describe('the shared helpers', () => {
  it('round timings to 3 decimals', () => {
    expect(ms(1.23456)).toBe(1.235);
    expect(ms(0)).toBe(0);
  });

  it('keep messages to one short line', () => {
    expect(shortMessage('first\nsecond')).toBe('first');
    expect(shortMessage('x'.repeat(500))).toHaveLength(200);
  });
});
