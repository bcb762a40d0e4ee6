import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * The throwaway PKI of a test control plane, made with the system `openssl` (Debian's 3.x): an EC
 * P-256 CA that signs the apiserver's serving certificate and every client certificate, and the
 * RSA key pair that signs service-account tokens. Certificates live one day: a test run never
 * needs more, and a leaked one is useless by tomorrow.
 */
export interface Pki {
  readonly dir: string;
  readonly caCert: string;
  readonly caKey: string;
  readonly serviceAccountKey: string;
  readonly serviceAccountPub: string;
}

/** A certificate and its private key, both PEM. */
export interface CertPair {
  readonly certPath: string;
  readonly keyPath: string;
  readonly certPem: string;
  readonly keyPem: string;
}

async function openssl(args: string[], cwd: string): Promise<void> {
  try {
    await execFileAsync('openssl', args, { cwd, timeout: 30_000 });
  } catch (err) {
    const e = err as { code?: unknown; stderr?: unknown };
    if (e.code === 'ENOENT') throw new Error('openssl not found: apt-get install -y openssl', { cause: err });
    throw new Error(`openssl ${args.join(' ')} failed: ${String(e.stderr ?? err)}`, { cause: err });
  }
}

/** `-subj` escapes: a backslash or a slash inside a value would otherwise end or split it. */
function subjectValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (value === '' || /[\u0000-\u001f]/.test(value))
    throw new Error(`bad certificate name ${JSON.stringify(value)}`);
  return value.replace(/[\\/]/g, (c) => `\\${c}`);
}

export async function createPki(dir: string): Promise<Pki> {
  const caCert = join(dir, 'ca.crt');
  const caKey = join(dir, 'ca.key');
  const serviceAccountKey = join(dir, 'sa.key');
  const serviceAccountPub = join(dir, 'sa.pub');
  const ca = openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      caKey,
      '-out',
      caCert,
      '-days',
      '1',
      '-subj',
      '/CN=plinth-test-ca',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  const sa = (async () => {
    await openssl(
      ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', serviceAccountKey],
      dir,
    );
    await openssl(['pkey', '-in', serviceAccountKey, '-pubout', '-out', serviceAccountPub], dir);
  })();
  await Promise.all([ca, sa]);
  return { dir, caCert, caKey, serviceAccountKey, serviceAccountPub };
}

/**
 * Issues a certificate signed by the CA. Kubernetes reads a client certificate's CN as the user
 * name and each O as a group.
 */
export async function issueCertificate(
  pki: Pki,
  opts: {
    /** File name stem under the PKI directory. */
    name: string;
    commonName: string;
    organizations?: string[];
    usage: 'server' | 'client';
    /** subjectAltName entries for a server certificate, e.g. `IP:127.0.0.1`. */
    altNames?: string[];
  },
): Promise<CertPair> {
  const keyPath = join(pki.dir, `${opts.name}.key`);
  const csrPath = join(pki.dir, `${opts.name}.csr`);
  const certPath = join(pki.dir, `${opts.name}.crt`);
  const extPath = join(pki.dir, `${opts.name}.ext`);
  const subject =
    (opts.organizations ?? []).map((o) => `/O=${subjectValue(o)}`).join('') +
    `/CN=${subjectValue(opts.commonName)}`;
  const ext = [
    'basicConstraints=critical,CA:FALSE',
    'keyUsage=critical,digitalSignature',
    `extendedKeyUsage=${opts.usage === 'server' ? 'serverAuth' : 'clientAuth'}`,
    ...(opts.altNames?.length ? [`subjectAltName=${opts.altNames.join(',')}`] : []),
  ];
  await writeFile(extPath, ext.join('\n') + '\n');
  await openssl(
    [
      'req',
      '-new',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-utf8',
      '-keyout',
      keyPath,
      '-out',
      csrPath,
      '-subj',
      subject,
    ],
    pki.dir,
  );
  await openssl(
    [
      'x509',
      '-req',
      '-in',
      csrPath,
      '-CA',
      pki.caCert,
      '-CAkey',
      pki.caKey,
      '-set_serial',
      `0x${randomBytes(16).toString('hex')}`,
      '-days',
      '1',
      '-extfile',
      extPath,
      '-out',
      certPath,
    ],
    pki.dir,
  );
  const [certPem, keyPem] = await Promise.all([readFile(certPath, 'utf8'), readFile(keyPath, 'utf8')]);
  return { certPath, keyPath, certPem, keyPem };
}
