import { describe, expect, it } from 'vitest';
import { signRequest } from './sigv4.ts';

// Expected values are AWS's published ones: the "get-vanilla" cases of the Signature Version 4
// test suite, and the worked examples of the S3 documentation ("Signature Calculations for the
// Authorization Header"), which also sign X-Amz-Content-Sha256 as S3 and MinIO need.

const suite = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 'service',
  now: new Date('2015-08-30T12:36:00Z'),
  contentSha256Header: false,
};

const s3Docs = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 's3',
  now: new Date('2013-05-24T00:00:00Z'),
};

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('signRequest', () => {
  it('matches the get-vanilla test vector at every step', () => {
    const signed = signRequest({ method: 'GET', url: 'https://example.amazonaws.com/' }, suite);
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/',
        '',
        'host:example.amazonaws.com',
        'x-amz-date:20150830T123600Z',
        '',
        'host;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20150830T123600Z',
        '20150830/us-east-1/service/aws4_request',
        'bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
      ].join('\n'),
    );
    expect(signed.headers).toEqual({
      Host: 'example.amazonaws.com',
      'X-Amz-Date': '20150830T123600Z',
      Authorization:
        'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    });
  });

  it('sorts query parameters (get-vanilla-query-order-key-case)', () => {
    const signed = signRequest(
      { method: 'GET', url: 'https://example.amazonaws.com/?Param2=value2&Param1=value1' },
      suite,
    );
    expect(signed.signature).toBe('b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500');
  });

  it('matches the S3 GET Object example, with a signed payload hash', () => {
    const signed = signRequest(
      {
        method: 'GET',
        url: 'https://examplebucket.s3.amazonaws.com/test.txt',
        headers: { Range: 'bytes=0-9' },
      },
      s3Docs,
    );
    expect(signed.headers['X-Amz-Content-Sha256']).toBe(EMPTY_SHA256);
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });

  it('matches the S3 PUT Object example: body hash, encoded path, extra headers', () => {
    const signed = signRequest(
      {
        method: 'PUT',
        url: 'https://examplebucket.s3.amazonaws.com/test$file.text',
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        body: new TextEncoder().encode('Welcome to Amazon S3.'),
      },
      s3Docs,
    );
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/test%24file.text');
    expect(signed.headers['X-Amz-Content-Sha256']).toBe(
      '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    );
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('matches the S3 examples with query strings, including a value-less parameter', () => {
    const list = signRequest(
      { method: 'GET', url: 'https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J' },
      s3Docs,
    );
    expect(list.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
    const lifecycle = signRequest(
      { method: 'GET', url: 'https://examplebucket.s3.amazonaws.com/?lifecycle' },
      s3Docs,
    );
    expect(lifecycle.canonicalRequest.split('\n')[2]).toBe('lifecycle=');
    expect(lifecycle.signature).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
  });

  it('encodes query values strictly (RFC 3986) and keeps the port in Host', () => {
    const signed = signRequest(
      { method: 'DELETE', url: "http://127.0.0.1:9000/minio/admin/v3/remove-user?accessKey=a b+c*!'()" },
      { ...s3Docs, sessionToken: 'token' },
    );
    expect(signed.canonicalRequest.split('\n')[2]).toBe('accessKey=a%20b%20c%2A%21%27%28%29');
    expect(signed.headers.Host).toBe('127.0.0.1:9000');
    expect(signed.headers['X-Amz-Security-Token']).toBe('token');
    expect(signed.headers.Authorization).toContain(
      'SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,',
    );
  });
});
