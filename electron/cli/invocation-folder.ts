// npm runs a package's scripts from the package root and puts the folder the person typed the
// command in into INIT_CWD. `npm run cli -- import payroll.xlsx` means that folder's
// payroll.xlsx, so the command moves there before it reads any argument. Only when it runs at
// this package's own root, as `npm run cli` does: an npm script of another project (with
// payout-desk as its dependency) runs from that project's root, and its relative paths mean
// that root whatever INIT_CWD says.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The folder `npm run cli` was typed in, when it is not the one the command runs in. */
export function invocationFolder(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
  packageRoot: string = PACKAGE_ROOT,
): string | undefined {
  const typedIn = env.INIT_CWD;
  if (!typedIn) return undefined;
  const here = real(cwd);
  if (here !== real(packageRoot) || real(typedIn) === here) return undefined;
  return typedIn;
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path; // a folder that is gone: chdir will say so
  }
}
