import { connect } from 'node:tls';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Token } from '../../../shared/service';
import { HttpsJson } from '../../support/https-json';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const credentials = { api_key: 'sandbox-api-key', client_secret: 'sandbox-client-secret' };

describe('POST {auth_url}/token', () => {
  it('issues a 24-hour JWT with the given name', async () => {
    const res = await t.http.call('POST', '/auth/token', {
      body: { ...credentials, token_name: 'ci' },
    });
    expect(res.status).toBe(201);
    const token = Token.parse(res.body);
    expect(token.token_name).toBe('ci');
    expect(token.token.split('.')).toHaveLength(3);
    const hours = (Date.parse(token.valid_until) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('names a token with a random UUID when no name is given', async () => {
    const res = await t.http.call('POST', '/auth/token', { body: credentials });
    expect((res.body as { token_name: string }).token_name).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 401 {error} to bad credentials', async () => {
    const res = await t.http.call('POST', '/auth/token', {
      body: { ...credentials, client_secret: 'wrong' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid request' });
  });

  it('answers 400 naming the missing property', async () => {
    const res = await t.http.call('POST', '/auth/token', { body: { api_key: 'x' } });
    expect(res.status).toBe(400);
    expect((res.body as { description: string }).description).toContain('client_secret');
  });
});

describe('bearer tokens', () => {
  it('refuses a call without a token', async () => {
    const res = await t.http.call('GET', '/payments/groups');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'unauthorized', error_code: 401 });
  });

  it('refuses a forged token signed with another key', async () => {
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('payout-desk-sandbox')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not the sandbox key, but 32 bytes!!'));
    const res = await t.http.call('GET', '/payments/groups', { token: forged });
    expect(res.status).toBe(401);
  });

  it('refuses a token once the sandbox clock passes its valid_until', async () => {
    const res = await t.http.call('POST', '/auth/token', { body: credentials });
    const { token } = Token.parse(res.body);
    expect((await t.http.call('GET', '/payments/groups', { token })).status).toBe(200);
    await t.expect(200, 'POST', '/_sandbox/clock', { body: { advance_seconds: 24 * 3600 + 1 } });
    const expired = await t.http.call('GET', '/payments/groups', { token });
    expect(expired.status).toBe(401);
    expect((expired.body as { description: string }).description).toMatch(/expired/);
  });

  it('issues short-lived tokens when the fault says so', async () => {
    const admin = await tokenNow();
    await t.http.call('POST', '/_sandbox/faults', {
      token: admin,
      body: { token_lifetime_seconds: 5 },
    });
    const short = Token.parse(
      (await t.http.call('POST', '/auth/token', { body: credentials })).body,
    );
    await t.http.call('POST', '/_sandbox/faults', { token: admin, body: {} });
    await t.http.call('POST', '/_sandbox/clock', { token: admin, body: { advance_seconds: 6 } });
    expect((await t.http.call('GET', '/payments/groups', { token: short.token })).status).toBe(401);
  });
});

describe('TLS', () => {
  it('presents a certificate that names 127.0.0.1 and localhost and verifies against itself', async () => {
    const socket = connect({
      host: '127.0.0.1',
      port: t.sandbox.port,
      ca: t.sandbox.ca,
      servername: 'localhost',
    });
    await new Promise<void>((resolve, reject) =>
      socket.once('secureConnect', resolve).once('error', reject),
    );
    expect(socket.authorized).toBe(true);
    const san = socket.getPeerCertificate().subjectaltname;
    socket.end();
    expect(san).toContain('DNS:localhost');
    expect(san).toContain('IP Address:127.0.0.1');
  });

  it('is refused by a client that does not trust the sandbox certificate', async () => {
    const untrusting = new HttpsJson(t.sandbox.baseUrl, '');
    await expect(untrusting.call('POST', '/auth/token', { body: credentials })).rejects.toThrow(
      /self[- ]signed|certificate/i,
    );
    untrusting.close();
  });
});

async function tokenNow(): Promise<string> {
  const res = await t.http.call('POST', '/auth/token', { body: credentials });
  return Token.parse(res.body).token;
}
