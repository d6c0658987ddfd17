// Where the app is, as the address's hash: #/batches, #/batches/<id>, #/batches/<id>/drafts/<id>
// (the batch with that draft's row focused), #/import, #/sync/<id>,
// #/groups, #/settings, #/beneficiaries, #/wallets/<id>.
// A hash survives a reload in both hosts and needs nothing of the server.
export type Route =
  | { screen: 'batches' }
  | { screen: 'editor'; batchId: string; draftId?: string | null }
  | { screen: 'import'; appendTo: string | null }
  | { screen: 'sync'; batchId: string | null }
  | { screen: 'groups' }
  | { screen: 'settings' }
  | { screen: 'beneficiaries' }
  | { screen: 'wallets'; walletId: string | null };

export function parseRoute(hash: string): Route {
  const [screen = '', id, extra, more] = hash
    .replace(/^#\/?/, '')
    .split('/')
    .map(decodeURIComponent);
  if (screen === 'batches' && id)
    return { screen: 'editor', batchId: id, draftId: extra === 'drafts' ? (more ?? null) : null };
  if (screen === 'import')
    return { screen: 'import', appendTo: id === 'append' ? (extra ?? null) : null };
  if (screen === 'sync') return { screen: 'sync', batchId: id ?? null };
  if (screen === 'groups') return { screen: 'groups' };
  if (screen === 'settings') return { screen: 'settings' };
  if (screen === 'beneficiaries') return { screen: 'beneficiaries' };
  if (screen === 'wallets') return { screen: 'wallets', walletId: id ?? null };
  return { screen: 'batches' };
}

export function hrefOf(route: Route): string {
  switch (route.screen) {
    case 'batches':
      return '#/batches';
    case 'editor':
      return `#/batches/${encodeURIComponent(route.batchId)}${route.draftId ? `/drafts/${encodeURIComponent(route.draftId)}` : ''}`;
    case 'import':
      return route.appendTo ? `#/import/append/${encodeURIComponent(route.appendTo)}` : '#/import';
    case 'sync':
      return route.batchId ? `#/sync/${encodeURIComponent(route.batchId)}` : '#/sync';
    case 'groups':
      return '#/groups';
    case 'settings':
      return '#/settings';
    case 'beneficiaries':
      return '#/beneficiaries';
    case 'wallets':
      return route.walletId ? `#/wallets/${encodeURIComponent(route.walletId)}` : '#/wallets';
  }
}

class Router {
  route = $state<Route>(parseRoute(location.hash));

  constructor() {
    addEventListener('hashchange', () => {
      this.route = parseRoute(location.hash);
    });
  }

  go(route: Route): void {
    location.hash = hrefOf(route);
  }
}

export const router = new Router();
