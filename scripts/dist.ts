// `npm run dist`: the renderer and the app's bundles (`npm run build`), then electron-builder's
// installers. electron-builder needs Electron's own download; where the install skipped it
// (ELECTRON_SKIP_BINARY_DOWNLOAD=1, a firewalled machine) it would build for a minute, rebuild
// the native modules for Electron inside node_modules, then fail with a stack trace of a
// network error. So that case is said plainly before anything is built or changed.
import { spawn } from 'node:child_process';
import { electronBinary } from './electron-binary';

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 130 : 1)));
  });
}

if (!electronBinary()) {
  process.stderr.write(
    "npm run dist needs Electron's own download, which this install skipped (ELECTRON_SKIP_BINARY_DOWNLOAD=1, or no access to GitHub): nothing was built. Package on a machine that installs Electron (npm ci without that variable).\n",
  );
  process.exit(1);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let code = await run(npm, ['run', '--silent', 'build']);
if (code === 0) code = await run(npm, ['exec', '--', 'electron-builder', ...process.argv.slice(2)]);
process.exit(code);
