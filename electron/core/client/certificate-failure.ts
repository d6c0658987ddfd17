// A certificate that cannot be verified is not "no answer": the service answered with a
// certificate this profile does not trust, or one that is wrong for its address. Waiting will
// not fix it, so it is its own failure and never retried. What the message never says is to
// turn verification off (DESIGN.md): the way out is the right address or certificate file.

/** Node's and OpenSSL's codes for a failed certificate check, with the check in words. */
const CHECKS: Readonly<Record<string, (host: string, pinned: boolean) => string>> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: (_, pinned) => selfSigned(pinned),
  SELF_SIGNED_CERT_IN_CHAIN: (_, pinned) => selfSigned(pinned),
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: (_, pinned) => untrustedIssuer(pinned),
  UNABLE_TO_GET_ISSUER_CERT: (_, pinned) => untrustedIssuer(pinned),
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: (_, pinned) => untrustedIssuer(pinned),
  CERT_UNTRUSTED: (_, pinned) => untrustedIssuer(pinned),
  INVALID_CA: (_, pinned) => untrustedIssuer(pinned),
  CERT_SIGNATURE_FAILURE: () => 'its signature does not match its issuer',
  CERT_CHAIN_TOO_LONG: () => 'its chain of issuers is too long',
  INVALID_PURPOSE: () => 'it is not meant for a server',
  CERT_REJECTED: () => 'it is marked as not to be trusted',
  CERT_REVOKED: () => 'it has been revoked',
  CERT_HAS_EXPIRED: () => "it has expired (or this computer's date is wrong)",
  CERT_NOT_YET_VALID: () => "it is not valid yet (or this computer's date is wrong)",
  ERR_TLS_CERT_ALTNAME_INVALID: (host) => `it is not made out to ${host}`,
  HOSTNAME_MISMATCH: (host) => `it is not made out to ${host}`,
};

const selfSigned = (pinned: boolean) =>
  pinned
    ? 'it is self-signed and is not the certificate this profile trusts'
    : 'it is self-signed, and this profile trusts only the authorities of this computer';

const untrustedIssuer = (pinned: boolean) =>
  pinned
    ? 'it was not issued by the certificate this profile trusts'
    : 'it was not issued by an authority this computer trusts';

/** Whether a transport error's code is a failed certificate check. */
export const isCertificateFailure = (code: string | undefined): code is string =>
  code !== undefined && code in CHECKS;

/** What to tell a person about a failed certificate check of `host`. */
export function describeCertificateFailure(code: string, host: string, pinned: boolean): string {
  const check = CHECKS[code]?.(host, pinned) ?? 'it did not pass verification';
  const todo = pinned
    ? "Check the profile's address, and that its certificate file is the one the service uses now"
    : "Check the profile's address; if the service uses a private certificate, give the profile that certificate file";
  return `the certificate of ${host} could not be verified: ${check} (${code}). ${todo}`;
}
