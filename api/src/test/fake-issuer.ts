import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { JWK } from 'jose';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

export interface TokenClaims {
  sub?: string;
  aud?: string;
  iss?: string;
  exp?: number;
  nbf?: number;
}

/**
 * A stand-in for a cluster's service-account issuer: OIDC discovery and a JWKS on a local HTTP
 * port, keys the test can add (a rotation), and tokens signed with them. The real kube-apiserver
 * is in operator/test/service-account-auth.int.test.ts.
 */
export async function startFakeIssuer() {
  const keys: { kid: string; privateKey: PrivateKey; jwk: JWK }[] = [];
  const state = { jwksFetches: 0, down: false };
  let url = '';
  const server = createServer((req, res) => {
    if (state.down) return res.writeHead(500).end();
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration')
      return res.end(JSON.stringify({ issuer: url, jwks_uri: `${url}/openid/v1/jwks` }));
    if (req.url === '/openid/v1/jwks') {
      state.jwksFetches++;
      return res.end(JSON.stringify({ keys: keys.map((k) => k.jwk) }));
    }
    return res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function addKey(kid: string) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    keys.push({ kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } });
  }
  await addKey('k1');

  return {
    url,
    state,
    addKey,
    /** A token of `sub` (default audience plinth, valid ten minutes) signed with key `kid`. */
    async token(sub: string, claims: TokenClaims = {}, kid = 'k1') {
      const now = Math.floor(Date.now() / 1000);
      const key = keys.find((k) => k.kid === kid)!;
      return new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid })
        .setSubject(claims.sub ?? sub)
        .setIssuer(claims.iss ?? url)
        .setAudience(claims.aud ?? 'plinth')
        .setIssuedAt(now - 10)
        .setNotBefore(claims.nbf ?? now - 10)
        .setExpirationTime(claims.exp ?? now + 600)
        .sign(key.privateKey);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
