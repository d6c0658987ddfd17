// Token issuance and bearer checks. Tokens are real JWTs (HS256), signed with a key kept in
// the sandbox database so that tokens survive a restart, and valid for 24 hours of sandbox
// time unless a fault shortens them. Besides the account's credentials, beneficiary keys
// (spec "Authentication" 6) can be issued; their tokens carry the one beneficiary they speak for.
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from './clock';
import { readMeta, writeMeta, type Db } from './store/database';

export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export interface Credentials {
  apiKey: string;
  clientSecret: string;
}

export interface IssuedToken {
  token: string;
  valid_until: string;
  token_name: string;
}

/** Who a token speaks for: the whole account, or one beneficiary (a beneficiary key). */
export type Principal = { kind: 'account' } | { kind: 'beneficiary'; beneficiaryId: string };

export interface BeneficiaryKey {
  api_key: string;
  client_secret: string;
  beneficiary_id: string;
}

export class TokenAuthority {
  private readonly key: Uint8Array;
  private readonly findKey;
  private readonly insertKey;

  constructor(
    db: Db,
    private readonly credentials: Credentials,
    private readonly clock: Clock,
    private readonly lifetimeSeconds: () => number,
  ) {
    let secret = readMeta(db, 'jwt_signing_key');
    if (!secret) {
      secret = randomBytes(32).toString('base64url');
      writeMeta(db, 'jwt_signing_key', secret);
    }
    this.key = Buffer.from(secret, 'base64url');
    this.findKey = db.prepare(
      'SELECT client_secret, beneficiary_id FROM beneficiary_keys WHERE api_key = ?',
    );
    this.insertKey = db.prepare(
      'INSERT INTO beneficiary_keys (api_key, client_secret, beneficiary_id, created_at) VALUES (?, ?, ?, ?)',
    );
  }

  /** Whom the credentials speak for; null when they are nobody's. */
  authenticate(apiKey: string, clientSecret: string): Principal | null {
    if (
      sameText(apiKey, this.credentials.apiKey) &&
      sameText(clientSecret, this.credentials.clientSecret)
    ) {
      return { kind: 'account' };
    }
    const bound = this.findKey.get(apiKey) as
      { client_secret: string; beneficiary_id: string } | undefined;
    if (bound && sameText(clientSecret, bound.client_secret)) {
      return { kind: 'beneficiary', beneficiaryId: bound.beneficiary_id };
    }
    return null;
  }

  /** New credentials that may update only this beneficiary's own record. */
  issueBeneficiaryKey(beneficiaryId: string): BeneficiaryKey {
    const key = {
      api_key: `beneficiary-key-${randomBytes(12).toString('base64url')}`,
      client_secret: randomBytes(24).toString('base64url'),
      beneficiary_id: beneficiaryId,
    };
    this.insertKey.run(key.api_key, key.client_secret, beneficiaryId, this.clock.now());
    return key;
  }

  async issue(
    tokenName: string | undefined,
    principal: Principal = { kind: 'account' },
  ): Promise<IssuedToken> {
    const issuedAt = Math.floor(this.clock.now() / 1000);
    const expiresAt = issuedAt + this.lifetimeSeconds();
    const name = tokenName ?? randomUUID();
    const bound = principal.kind === 'beneficiary' ? principal.beneficiaryId : undefined;
    const token = await new SignJWT({
      token_name: name,
      ...(bound === undefined ? {} : { beneficiary_id: bound }),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('payout-desk-sandbox')
      .setSubject(bound === undefined ? 'sandbox-client' : `beneficiary:${bound}`)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, valid_until: new Date(expiresAt * 1000).toISOString(), token_name: name };
  }

  /**
   * Whom HTTP Basic credentials (`Authorization: Basic base64(api_key:client_secret)`) speak
   * for; the admin calls take them beside a token, so that a fault on the token call cannot lock
   * the admin calls, and so the faults' own switch, out.
   */
  verifyBasic(authorization: string): { principal: Principal } | { rejected: string } {
    const basic = /^Basic\s+(\S+)$/i.exec(authorization);
    const decoded = basic?.[1] ? Buffer.from(basic[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const principal =
      colon > 0 ? this.authenticate(decoded.slice(0, colon), decoded.slice(colon + 1)) : null;
    return principal ? { principal } : { rejected: 'invalid api_key or client_secret' };
  }

  /** Whom a bearer token valid now speaks for; otherwise why it is not valid. */
  async verify(
    authorization: string | undefined,
  ): Promise<{ principal: Principal } | { rejected: string }> {
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!bearer?.[1])
      return { rejected: 'missing bearer token: send Authorization: Bearer <token>' };
    try {
      const { payload } = await jwtVerify(bearer[1], this.key, {
        issuer: 'payout-desk-sandbox',
        algorithms: ['HS256'],
        currentDate: new Date(this.clock.now()),
      });
      const bound = payload.beneficiary_id;
      return {
        principal:
          typeof bound === 'string'
            ? { kind: 'beneficiary', beneficiaryId: bound }
            : { kind: 'account' },
      };
    } catch (error) {
      const code = (error as { code?: string }).code;
      return {
        rejected:
          code === 'ERR_JWT_EXPIRED' ? 'the token has expired: request a new one' : 'invalid token',
      };
    }
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
