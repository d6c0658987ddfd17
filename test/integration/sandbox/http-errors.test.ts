import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../../shared/service';
import { MAX_BODY_BYTES } from '../../../sandbox/http/server';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

describe('requests the sandbox cannot serve get clear JSON errors', () => {
  it('malformed JSON is a 400 that says so', async () => {
    const res = await t.api('PUT', '/payments/payments/abc', { rawBody: '{"source": ' });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).description).toMatch(/malformed JSON/);
  });

  it('a body over the limit is a 413', async () => {
    const res = await t.api('POST', '/payments/payments/import', {
      rawBody: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20),
    });
    expect(res.status).toBe(413);
    expect(ErrorBody.parse(res.body)).toMatchObject({
      error: 'payload_too_large',
      error_code: 413,
    });
  });

  it('an unknown path is a JSON 404, not an HTML page', async () => {
    const res = await t.api('GET', '/payments/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(ErrorBody.parse(res.body).error).toBe('not_found');
  });

  it('a wrong method on wallet details is a 405 with sub_code', async () => {
    const res = await t.api('POST', '/payments/wallets/?id=x', { body: {} });
    expect(res.status).toBe(405);
    const body = ErrorBody.parse(res.body);
    expect(body.error).toBe('Method Not Allowed');
    expect(typeof body.sub_code).toBe('number');
  });

  it('a wrong method elsewhere is a 405 too', async () => {
    const res = await t.api('DELETE', '/payments/payments/import');
    expect(res.status).toBe(405);
  });

  it('a request that is not HTTP at all gets a JSON 400 too', async () => {
    const socket = connect({ host: '127.0.0.1', port: t.sandbox.port, ca: t.sandbox.ca });
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('secureConnect', () => socket.write('HELLO THERE\r\n\r\n'));
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    const body = ErrorBody.parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
    expect(body.error).toBe('bad_request');
  });

  it('a body that is not an object is a 400 naming what was expected', async () => {
    const res = await t.api('POST', '/payments/payments/import', { body: [1, 2] });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).error).toBe('bad_request');
  });
});
