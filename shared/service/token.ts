// POST {auth_url}/token (spec: "Token", "Authentication").
import { z } from 'zod';
import { DateTime } from './common';

export const TokenRequest = z.object({
  api_key: z.string().min(1),
  client_secret: z.string().min(1),
  token_name: z.string().min(1).max(200).optional(),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export const Token = z.object({
  valid_until: DateTime,
  token: z.string().min(1),
  token_name: z.string(),
});
export type Token = z.infer<typeof Token>;
