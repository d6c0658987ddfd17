// The sandbox's own certificate: made once, kept in the data folder, and pinned by clients.
// It names 127.0.0.1 and localhost so that clients verify it like any other (DESIGN.md:
// nothing ever turns certificate or hostname verification off).
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import selfsigned from 'selfsigned';

export interface TlsMaterial {
  key: string;
  cert: string;
  certPath: string;
}

const VALID_DAYS = 825; // the longest validity that browsers still accept for a leaf

/** Where a sandbox keeps its certificate, for the clients that pin it. */
export const certificatePath = (dataDir: string): string => join(dataDir, 'sandbox-cert.pem');

export async function loadOrCreateCertificate(dataDir: string): Promise<TlsMaterial> {
  const certPath = certificatePath(dataDir);
  const keyPath = join(dataDir, 'sandbox-key.pem');
  if (existsSync(certPath) && existsSync(keyPath)) {
    return {
      key: await readFile(keyPath, 'utf8'),
      cert: await readFile(certPath, 'utf8'),
      certPath,
    };
  }
  const notBefore = new Date(Date.now() - 60_000);
  const pems = await selfSignedCertificate({
    dns: ['localhost'],
    ips: ['127.0.0.1'],
    notBefore,
    notAfter: new Date(notBefore.getTime() + VALID_DAYS * 86_400_000),
  });
  // The key first: a certificate without its key on disk would be unusable after a crash.
  await writeFile(keyPath, pems.key, { mode: 0o600 });
  await writeFile(certPath, pems.cert, { mode: 0o644 });
  return { key: pems.key, cert: pems.cert, certPath };
}

/** What a self-signed certificate is made out to, and when it is valid. */
export interface CertificateShape {
  dns: string[];
  ips: string[];
  notBefore: Date;
  notAfter: Date;
}

/**
 * A self-signed certificate shaped as the sandbox's own; tests shape others (another name,
 * expired) to see what clients refuse.
 */
export async function selfSignedCertificate(
  shape: CertificateShape,
): Promise<{ key: string; cert: string }> {
  const pems = await selfsigned.generate(
    [{ name: 'commonName', value: 'Payout Desk local sandbox' }],
    {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notBeforeDate: shape.notBefore,
      notAfterDate: shape.notAfter,
      extensions: [
        // A self-signed certificate is its own trust anchor: OpenSSL wants it marked as a CA.
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', digitalSignature: true, keyCertSign: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            ...shape.dns.map((value) => ({ type: 2 as const, value })),
            ...shape.ips.map((ip) => ({ type: 7 as const, ip })),
          ],
        },
      ],
    },
  );
  return { key: pems.private, cert: pems.cert };
}
