// `npm start`: the desktop app on the Local sandbox. Where the Electron binary is not installed
// (a firewalled workstation, these build machines), it says so in one line and starts browser
// mode instead, which prints the address to open and opens the default browser where there is one.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { electronBinary } from './electron-binary';

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 130 : 1)));
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const electron = electronBinary();
const appMain = 'dist/app/main.cjs';

if (electron && existsSync('scripts/build-app.ts')) {
  let code = await run(npm, ['run', '--silent', 'build']);
  if (code === 0) code = await run(electron, [appMain]);
  process.exit(code);
} else {
  process.stdout.write(
    'The Electron binary is not installed here, so Payout Desk starts in browser mode.\n',
  );
  process.exit(await run(npm, ['run', '--silent', 'web', '--', ...process.argv.slice(2)]));
}
