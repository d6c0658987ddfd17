// Certificates for tests of what the client refuses: another self-signed one to pin, one made
// out to another name, one expired. Shaped as the sandbox's own, and written where the sandbox
// looks for its certificate, so that a real sandbox serves them.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { selfSignedCertificate } from '../../sandbox/tls';

export interface CertificateOptions {
  /** DNS names and IP addresses the certificate is made out to: localhost and 127.0.0.1. */
  names?: { dns?: string[]; ips?: string[] };
  /** Valid from and until: by default from a minute ago, for a year. */
  validFrom?: Date;
  validUntil?: Date;
}

export function makeCertificate(
  options: CertificateOptions = {},
): Promise<{ cert: string; key: string }> {
  const notBefore = options.validFrom ?? new Date(Date.now() - 60_000);
  return selfSignedCertificate({
    dns: options.names?.dns ?? ['localhost'],
    ips: options.names?.ips ?? ['127.0.0.1'],
    notBefore,
    notAfter: options.validUntil ?? new Date(notBefore.getTime() + 365 * 86_400_000),
  });
}

/** Puts a certificate where a sandbox started on `dataDir` takes it as its own. */
export async function seedSandboxCertificate(
  dataDir: string,
  certificate: { cert: string; key: string },
): Promise<void> {
  await writeFile(join(dataDir, 'sandbox-key.pem'), certificate.key, { mode: 0o600 });
  await writeFile(join(dataDir, 'sandbox-cert.pem'), certificate.cert);
}
