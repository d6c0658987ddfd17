// The app's JavaScript for packaging: each process one bundle in dist/app, so the packaged app
// runs without tsx or esbuild and carries no TypeScript. `tsx scripts/build-app.ts [--out DIR]`.
//
//   main.cjs                 Electron's main process (CommonJS: what Electron loads most simply)
//   preload.cjs              the sandboxed preload: one CommonJS file requiring only 'electron'
//   core-process.mjs         the core in its utility process (ESM: the sheet worker is found by
//                            import.meta.url, and the core awaits at its top level)
//   sheet-reading-worker.js  the sheet-reading worker, beside the bundle that starts it, where
//                            sheet-reading.ts looks for it once it runs as JavaScript
//   host.mjs                 browser mode (electron/host.ts), when that file is there
//   cli.mjs                  the `payout-desk` command: as a bundle it starts in a fraction of
//                            the time tsx takes to compile it (the tests run it ~40 times)
//
// Native modules (better-sqlite3, keytar) stay outside, loaded from node_modules where
// electron-builder rebuilt them for Electron; every other package is inside.
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const NATIVE = ['better-sqlite3', 'keytar'];
/** package.json's engines, and the Node of Electron 41 is newer. */
const NODE = 'node20.19';
/** Electron 41's Chromium. */
const CHROME = 'chrome140';

/**
 * ESM bundles hold CommonJS packages (exceljs, csv-parse...) that call require and read
 * __dirname: both are given them here, under names no module of ours uses.
 */
const ESM_BANNER = [
  "import { createRequire as __appCreateRequire } from 'node:module';",
  "import { fileURLToPath as __appFileURLToPath } from 'node:url';",
  "import { dirname as __appDirname } from 'node:path';",
  'const require = __appCreateRequire(import.meta.url);',
  'const __app_filename = __appFileURLToPath(import.meta.url);',
  'const __app_dirname = __appDirname(__app_filename);',
].join('\n');

/**
 * worker-script.ts bundles the worker with esbuild when the core runs as TypeScript; a built
 * app never does (its worker is already JavaScript), so esbuild is left out, not carried.
 */
const noEsbuildAtRunTime: Plugin = {
  name: 'no-esbuild-at-run-time',
  setup(plugin) {
    plugin.onResolve({ filter: /^esbuild$/ }, () => ({ path: 'esbuild', namespace: 'absent' }));
    plugin.onLoad({ filter: /.*/, namespace: 'absent' }, () => ({
      contents:
        "export const build = () => { throw new Error('the built app bundles no esbuild: its workers are already JavaScript'); };",
    }));
  },
};

const common: BuildOptions = {
  bundle: true,
  absWorkingDir: ROOT,
  logLevel: 'warning',
  legalComments: 'none',
  sourcemap: false,
};

export const nodeEsm = (entry: string, outfile: string): BuildOptions => ({
  ...common,
  entryPoints: [join(ROOT, entry)],
  outfile,
  platform: 'node',
  format: 'esm',
  target: NODE,
  external: [...NATIVE, 'electron'],
  banner: { js: ESM_BANNER },
  define: { __dirname: '__app_dirname', __filename: '__app_filename' },
  plugins: [noEsbuildAtRunTime],
});

export interface BuiltApp {
  outDir: string;
  files: string[];
  /** Each bundle's modules left outside it (Node's, 'electron' and the natives), by esbuild. */
  external: Record<string, string[]>;
}

/** Builds every bundle into `outDir` (emptied first). */
export async function buildApp(outDir = join(ROOT, 'dist', 'app')): Promise<BuiltApp> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const out = (name: string) => join(outDir, name);
  const builds: Array<[string, BuildOptions]> = [
    [
      'main.cjs',
      {
        ...common,
        entryPoints: [join(ROOT, 'electron/main.ts')],
        outfile: out('main.cjs'),
        platform: 'node',
        format: 'cjs',
        target: NODE,
        external: ['electron'],
      },
    ],
    [
      'preload.cjs',
      {
        ...common,
        entryPoints: [join(ROOT, 'electron/preload.ts')],
        outfile: out('preload.cjs'),
        // A sandboxed preload has no Node: 'browser' makes any Node import fail the build.
        platform: 'browser',
        format: 'cjs',
        target: CHROME,
        external: ['electron'],
      },
    ],
    ['core-process.mjs', nodeEsm('electron/core-process.ts', out('core-process.mjs'))],
    [
      'sheet-reading-worker.js',
      nodeEsm(
        'electron/core/sheets/drafting/sheet-reading-worker.ts',
        out('sheet-reading-worker.js'),
      ),
    ],
  ];
  // Browser mode's host is written beside this shell; it is bundled once it exists.
  if (existsSync(join(ROOT, 'electron/host.ts'))) {
    builds.push(['host.mjs', nodeEsm('electron/host.ts', out('host.mjs'))]);
  }
  builds.push(['cli.mjs', nodeEsm('electron/cli.ts', out('cli.mjs'))]);
  const external: Record<string, string[]> = {};
  await Promise.all(
    builds.map(async ([name, options]) => {
      const { metafile } = await build({ ...options, metafile: true });
      const imports = Object.values(metafile.outputs).flatMap((output) => output.imports);
      external[name] = [...new Set(imports.filter((i) => i.external).map((i) => i.path))].sort();
    }),
  );
  // The worker is a .js file: ESM by the package.json nearest to it, in the app and anywhere
  // else the bundles are built to.
  await writeFile(out('package.json'), `${JSON.stringify({ type: 'module' })}\n`);
  return { outDir, files: [...builds.map(([name]) => name), 'package.json'], external };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const outDir = at > 0 ? resolve(process.argv[at + 1] ?? '') : undefined;
  const built = await buildApp(outDir);
  process.stdout.write(`built ${built.files.join(', ')} in ${built.outDir}\n`);
}
