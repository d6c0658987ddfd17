// POST {auth_url}/token (spec: "Token", "Authentication"): credentials in the body, as the
// spec's field tables show, for a bearer token valid until `valid_until`.
import { z } from 'zod';
import { DateTime, NonEmptyText } from './common';

export const TokenRequest = z.object({
  api_key: NonEmptyText,
  client_secret: NonEmptyText,
  /** Optional; the service generates a random UUID when none is given. */
  token_name: NonEmptyText.optional(),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export const Token = z.object({
  valid_until: DateTime,
  token: NonEmptyText,
  token_name: z.string(),
});
export type Token = z.infer<typeof Token>;
