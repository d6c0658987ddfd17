// The renderer's Content-Security-Policy, as the browser host sends it: nothing but the app's own
// scripts, styles and calls. Svelte's transitions set inline styles, hence 'unsafe-inline' for
// styles only; no script is ever inline or evaluated (zod runs jitless).
export const RENDERER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every answer of the host. */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': RENDERER_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};
