// Where the app comes from (app://desk/, a privileged scheme of our own, never file://) and
// which URLs may leave it. Every decision parses the URL: a string comparison would take
// `app://desk@evil.example/` (user "desk" at evil.example) or `app://desk.evil.example/` for
// ours. Node's URL parser, unlike Chromium, gives a non-special scheme the origin "null", so
// the parts are compared instead of `origin`.

export const APP_SCHEME = 'app';
export const APP_HOST = 'desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The page the window opens. */
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

const parsed = (url: string): URL | undefined => {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
};

/** Whether `url` is one of the app's own pages or files. */
export function isAppUrl(url: string): boolean {
  const u = parsed(url);
  return (
    u !== undefined &&
    u.protocol === `${APP_SCHEME}:` &&
    // Chromium lowercases a standard scheme's host; Node leaves a custom scheme's as typed.
    u.hostname.toLowerCase() === APP_HOST &&
    u.port === '' &&
    u.username === '' &&
    u.password === ''
  );
}

/**
 * The hosts of the https links the app's own pages make: the only ones the system browser is
 * asked to open. A page made to open any other (a link in some text it shows, were one ever
 * rendered as a link) is refused as a navigation away is. The app makes no such link today.
 */
export const APP_LINK_HOSTS: readonly string[] = [];

/**
 * The https link the system browser may open, as the parser normalised it; undefined for
 * anything else (http, file, javascript, custom schemes, credentials in the URL, a host the
 * app does not link to).
 */
export function externalLink(
  url: string,
  hosts: readonly string[] = APP_LINK_HOSTS,
): string | undefined {
  const u = parsed(url);
  if (!u || u.protocol !== 'https:' || u.username !== '' || u.password !== '') return undefined;
  return hosts.includes(u.hostname) ? u.href : undefined;
}
