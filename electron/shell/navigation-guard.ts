// The window stays on the app: navigation away, redirects away and new windows are refused
// (Electron's security checklist, items 13 and 14). A new-window request for an https link the
// app makes is the one way out, and only to the system browser, never inside the app. Types only from
// 'electron': the objects come from main.ts, and tests pass stand-ins.
import type { Session, WebContents } from 'electron';
import { APP_LINK_HOSTS, externalLink, isAppUrl } from './app-origin';

type OpenExternal = (url: string) => Promise<void>;

export function guardNavigation(
  contents: WebContents,
  openExternal: OpenExternal,
  linkHosts: readonly string[] = APP_LINK_HOSTS,
): void {
  const stayOnApp = (event: { preventDefault(): void; url: string }) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  };
  contents.on('will-navigate', stayOnApp);
  contents.on('will-frame-navigate', stayOnApp);
  contents.on('will-redirect', stayOnApp);
  // webviewTag is off; should one be attached anyway, it is refused.
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const link = externalLink(url, linkHosts);
    if (link) void openExternal(link).catch(() => undefined);
    return { action: 'deny' };
  });
}

/**
 * Every permission the page could ask for (camera, notifications, clipboard reading, HID,
 * serial...) is refused: a payout screen needs none (checklist item 5).
 */
export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
