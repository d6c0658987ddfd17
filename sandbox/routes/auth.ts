// POST {auth_url}/token: credentials (the account's, or a beneficiary key) for a 24-hour bearer
// token (spec "Authentication").
import { TokenRequest } from '../../shared/service';
import type { TokenAuthority } from '../auth';
import { parseOr400 } from '../http/errors';
import type { Route } from '../http/router';

export const AUTH_PATH_PREFIX = '/auth';

export function authRoutes(authority: TokenAuthority): Route[] {
  return [
    {
      method: 'POST',
      pattern: `${AUTH_PATH_PREFIX}/token`,
      auth: false,
      handler: async ({ body }) => {
        const request = parseOr400(TokenRequest, body);
        const principal = authority.authenticate(request.api_key, request.client_secret);
        if (!principal) {
          // The spec's token error is a body with only `error`.
          return { status: 401, body: { error: 'Invalid request' } };
        }
        return { status: 201, body: await authority.issue(request.token_name, principal) };
      },
    },
  ];
}
