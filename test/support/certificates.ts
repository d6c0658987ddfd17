// Certificates for tests of what the client refuses: another self-signed one to pin, one made
// out to another name, one expired. Shaped as the sandbox's own (sandbox/tls.ts), and written
// where the sandbox looks for its certificate, so a real sandbox serves them.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import selfsigned from 'selfsigned';

export interface CertificateOptions {
  /** DNS names and IP addresses the certificate is made out to. */
  names?: { dns?: string[]; ips?: string[] };
  /** Valid from and until: by default from a minute ago, for a year. */
  validFrom?: Date;
  validUntil?: Date;
}

export async function makeCertificate(
  options: CertificateOptions = {},
): Promise<{ cert: string; key: string }> {
  const notBeforeDate = options.validFrom ?? new Date(Date.now() - 60_000);
  const notAfterDate = options.validUntil ?? new Date(notBeforeDate.getTime() + 365 * 86_400_000);
  const { dns = ['localhost'], ips = ['127.0.0.1'] } = options.names ?? {};
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'Payout Desk test' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...dns.map((value) => ({ type: 2 as const, value })),
          ...ips.map((ip) => ({ type: 7 as const, ip })),
        ],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/** Puts a certificate where a sandbox started on `dataDir` takes it as its own. */
export async function seedSandboxCertificate(
  dataDir: string,
  certificate: { cert: string; key: string },
): Promise<void> {
  await writeFile(join(dataDir, 'sandbox-key.pem'), certificate.key, { mode: 0o600 });
  await writeFile(join(dataDir, 'sandbox-cert.pem'), certificate.cert);
}
