// The renderer's Content Security Policy, one string for both hosts: Electron's app:// protocol
// and the browser host send it as a header with every file of the built renderer. Nothing but
// the app's own files: no inline or eval'd script (zod runs jitless for that reason), no
// remote anything, no plugins, no framing. Inline styles stay allowed because Svelte's
// transitions and the grid's virtual rows position elements with style attributes.
export const CONTENT_SECURITY_POLICY = [
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
