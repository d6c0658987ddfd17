// Where the sandbox keeps its files when --data is not given: the OS app data folder (or
// PAYOUT_DESK_HOME), so that a restart finds the same wallets, payments and certificate.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PAYOUT_DESK_HOME) return join(env.PAYOUT_DESK_HOME, 'sandbox');
  const home = homedir();
  const appData =
    process.platform === 'win32'
      ? (env.APPDATA ?? join(home, 'AppData', 'Roaming'))
      : process.platform === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : (env.XDG_DATA_HOME ?? join(home, '.local', 'share'));
  return join(appData, 'payout-desk', 'sandbox');
}
