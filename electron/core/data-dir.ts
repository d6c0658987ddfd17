// The app's data folder: PAYOUT_DESK_HOME when set, else the OS app data folder.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function appDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (env.PAYOUT_DESK_HOME) return env.PAYOUT_DESK_HOME;
  const home = homedir();
  const base =
    platform === 'win32'
      ? (env.APPDATA ?? join(home, 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : (env.XDG_DATA_HOME ?? join(home, '.local', 'share'));
  return join(base, 'payout-desk');
}
