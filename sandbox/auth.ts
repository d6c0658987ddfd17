// Token issuance and bearer checks. Tokens are real JWTs (HS256), signed with a key kept in
// the sandbox database so that tokens survive a restart, and valid for 24 hours of sandbox
// time unless a fault shortens them.
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

export class TokenAuthority {
  private readonly key: Uint8Array;

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
  }

  credentialsMatch(apiKey: string, clientSecret: string): boolean {
    return (
      sameText(apiKey, this.credentials.apiKey) &&
      sameText(clientSecret, this.credentials.clientSecret)
    );
  }

  async issue(tokenName: string | undefined): Promise<IssuedToken> {
    const issuedAt = Math.floor(this.clock.now() / 1000);
    const expiresAt = issuedAt + this.lifetimeSeconds();
    const name = tokenName ?? randomUUID();
    const token = await new SignJWT({ token_name: name })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('payout-desk-sandbox')
      .setSubject('sandbox-client')
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, valid_until: new Date(expiresAt * 1000).toISOString(), token_name: name };
  }

  /** Null when the bearer token is valid now; otherwise why it is not. */
  async reject(authorization: string | undefined): Promise<string | null> {
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!bearer?.[1]) return 'missing bearer token: send Authorization: Bearer <token>';
    try {
      await jwtVerify(bearer[1], this.key, {
        issuer: 'payout-desk-sandbox',
        algorithms: ['HS256'],
        currentDate: new Date(this.clock.now()),
      });
      return null;
    } catch (error) {
      const code = (error as { code?: string }).code;
      return code === 'ERR_JWT_EXPIRED'
        ? 'the token has expired: request a new one'
        : 'invalid token';
    }
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
