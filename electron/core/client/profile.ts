// Where the client talks to: a named profile with the service's two addresses and, for the
// Local sandbox and private deployments, the one certificate it trusts (pinned). HTTPS only.
import { z } from 'zod';

export const ProfileKind = z.enum(['local', 'sandbox', 'production']);
export type ProfileKind = z.infer<typeof ProfileKind>;

const httpsUrl = (what: string) =>
  z.string().superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${what} is not a URL: ${value}` });
      return;
    }
    if (url.protocol !== 'https:') {
      ctx.addIssue({
        code: 'custom',
        message: `${what} must use https:// — the Payments Service refuses plain HTTP, and credentials must never cross the network unencrypted (got ${url.protocol}//)`,
      });
    }
  });

export const Profile = z.object({
  name: z.string().min(1).max(100),
  kind: ProfileKind,
  baseUrl: httpsUrl('base_url'),
  authUrl: httpsUrl('auth_url'),
  /** PEM of the only certificate to trust; absent = the system's trusted roots. */
  caPem: z.string().optional(),
});
export type Profile = z.infer<typeof Profile>;

/** Joins a service path to a base URL that may carry a path of its own. */
export function serviceUrl(base: string, path: string): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/$/, '')}${path}`;
  return url;
}
