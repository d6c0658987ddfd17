// One CSP for both hosts (Electron's app:// protocol and the browser host): nothing runs but the
// app's own scripts, nothing is fetched from elsewhere, and the page cannot be framed.
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../electron/shell/csp';

const directives = new Map(
  CONTENT_SECURITY_POLICY.split(';').map((part) => {
    const [name = '', ...values] = part.trim().split(/\s+/);
    return [name, values] as const;
  }),
);

describe('the renderer CSP', () => {
  it('refuses everything by default and allows only the app itself', () => {
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('never allows eval, inline scripts or remote sources', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|wasm-unsafe-eval|unsafe-hashes/);
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:|\*|blob:|file:/);
  });
});
