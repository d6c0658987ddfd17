// Navigation, redirects and new windows are refused unless the URL, parsed, is the app's own
// (never by prefix: `app://desk@evil.example/` is user "desk" at evil.example); a new-window
// request for an https link to a host the app links to goes to the system browser and nowhere
// else; every permission the page could ask for is refused.
import { describe, expect, it, vi } from 'vitest';
import type { Session, WebContents } from 'electron';
import { externalLink, isAppUrl } from '../../../electron/shell/app-origin';
import { denyPermissions, guardNavigation } from '../../../electron/shell/navigation-guard';
import { FakeWebContents } from '../../support/fake-electron';

const FOREIGN = [
  'https://evil.example/',
  'http://evil.example/',
  'app://desk.evil/',
  'app://desk.evil.example/',
  'app://desk@evil.example/',
  'app://evil.example/app://desk/',
  'app://desk:8080/',
  'app://user:pass@desk/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'about:blank',
  'not a url',
  '',
];

function guarded(linkHosts?: readonly string[]) {
  const contents = new FakeWebContents();
  const openExternal = vi.fn(() => Promise.resolve());
  guardNavigation(contents as unknown as WebContents, openExternal, linkHosts);
  return { contents, openExternal };
}

describe('navigation', () => {
  it.each(FOREIGN)('refuses %s on every navigation event', (url) => {
    const { contents } = guarded();
    for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      expect(contents.tries(event, url), event).toBe(true);
    }
  });

  it('lets the app move between its own pages', () => {
    const { contents } = guarded();
    for (const url of ['app://desk/index.html', 'app://desk/batches?x=1#top', 'APP://DESK/']) {
      expect(contents.tries('will-navigate', url), url).toBe(false);
      expect(isAppUrl(url)).toBe(true);
    }
  });

  it('refuses any webview', () => {
    const { contents } = guarded();
    expect(contents.tries('will-attach-webview', 'app://desk/')).toBe(true);
  });
});

describe('new windows', () => {
  it.each([...FOREIGN, 'app://desk/index.html'])('are denied: %s', (url) => {
    const { contents } = guarded();
    expect(contents.openHandler?.({ url })).toEqual({ action: 'deny' });
  });

  it('open only https links to the hosts the app links to, in the system browser', () => {
    const { contents, openExternal } = guarded(['docs.example.com']);
    for (const url of FOREIGN) contents.openHandler?.({ url });
    contents.openHandler?.({ url: 'app://desk/help' });
    contents.openHandler?.({ url: 'https://docs.example.com.evil.example/payouts' });
    contents.openHandler?.({ url: 'http://docs.example.com/payouts' });
    expect(openExternal).not.toHaveBeenCalled();

    contents.openHandler?.({ url: 'https://docs.example.com/payouts?a=1' });
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://docs.example.com/payouts?a=1');
  });

  it('open nothing the app did not link to: a page cannot send its user to any site', () => {
    const { contents, openExternal } = guarded();
    contents.openHandler?.({ url: 'https://docs.example.com/payouts' });
    contents.openHandler?.({ url: 'https://payments-service.example/login' });
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('take no https link that carries credentials', () => {
    const hosts = ['evil.example', 'example.com'];
    expect(externalLink('https://user:secret@evil.example/', hosts)).toBeUndefined();
    expect(externalLink('HTTPS://Example.COM/a', hosts)).toBe('https://example.com/a');
  });
});

describe('permissions', () => {
  it('are all refused, asked or checked', () => {
    const session = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
    };
    denyPermissions(session as unknown as Session);
    const request = session.setPermissionRequestHandler.mock.calls[0]?.[0] as (
      ...args: unknown[]
    ) => void;
    for (const permission of ['media', 'notifications', 'clipboard-read', 'geolocation', 'hid']) {
      const callback = vi.fn();
      request({}, permission, callback, {});
      expect(callback).toHaveBeenCalledExactlyOnceWith(false);
    }
    const check = session.setPermissionCheckHandler.mock.calls[0]?.[0] as (
      ...args: unknown[]
    ) => boolean;
    expect(check({}, 'clipboard-sanitized-write', 'app://desk', {})).toBe(false);
    const device = session.setDevicePermissionHandler.mock.calls[0]?.[0] as () => boolean;
    expect(device()).toBe(false);
  });
});
