import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../sandbox/http/errors';
import { Router } from '../../../sandbox/http/router';

const handler = () => ({ status: 200, body: {} });
const router = new Router().add(
  { method: 'GET', pattern: '/payments/wallets', handler },
  { method: 'PUT', pattern: '/payments/payments/{id}', handler },
  { method: 'GET', pattern: '/payments/payments/import/{job_id}', handler },
);

function failure(method: string, path: string): ServiceError {
  try {
    router.match(method, path);
  } catch (error) {
    if (error instanceof ServiceError) return error;
  }
  throw new Error(`${method} ${path} matched`);
}

describe('the sandbox router', () => {
  it('matches a path with or without a trailing slash and decodes parameters', () => {
    expect(router.match('GET', '/payments/wallets/').params).toEqual({});
    expect(router.match('PUT', '/payments/payments/a%20b').params).toEqual({ id: 'a b' });
    expect(router.match('GET', '/payments/payments/import/j1').params).toEqual({ job_id: 'j1' });
  });

  it('answers a known path with a wrong method as 405 with sub_code, naming the allowed method', () => {
    const error = failure('POST', '/payments/wallets/');
    expect(error.status).toBe(405);
    expect(error.body()).toMatchObject({
      error: 'Method Not Allowed',
      error_code: 405,
      sub_code: 1,
    });
    expect(error.description).toContain('GET');
  });

  it('answers an unknown path as 404 and never lets a parameter span segments', () => {
    expect(failure('GET', '/payments/nothing').status).toBe(404);
    expect(failure('PUT', '/payments/payments/a/b').status).toBe(404);
  });
});
