// The module a worker thread runs. A built app ships the worker as JavaScript, and it runs as
// it is. From a checkout (the CLI, the tests, the benchmarks) the core is TypeScript run
// through tsx. Registering tsx again inside the worker would cost every import a loader thread
// of its own and a compile module by module; instead the worker's modules are bundled by
// esbuild, the compiler tsx itself runs on, once per process, and handed to the worker as a
// data: URL. Packages stay outside the bundle, imported by their resolved file URLs, as a
// data: URL has no folder to resolve a bare name from.
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

const bundles = new Map<string, Promise<URL>>();

/** The URL to start a worker on for `entry`, a module of the core. */
export function workerScript(entry: URL): Promise<URL> {
  if (!entry.pathname.endsWith('.ts')) return Promise.resolve(entry);
  let bundle = bundles.get(entry.href);
  if (!bundle) {
    bundle = bundled(entry);
    bundles.set(entry.href, bundle);
    // A failed build is not kept: the next import tries again.
    bundle.catch(() => bundles.delete(entry.href));
  }
  return bundle;
}

async function bundled(entry: URL): Promise<URL> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'packages-by-file-url',
        setup(plugin) {
          plugin.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('node:') || builtinModules.includes(args.path)) {
              return { path: args.path, external: true };
            }
            // This module sits in the same package as every worker, so a package resolves
            // from here as it does from the worker's own modules.
            return { path: import.meta.resolve(args.path), external: true };
          });
        },
      },
    ],
  });
  const code = result.outputFiles[0]?.text;
  if (code === undefined) throw new Error(`esbuild made no bundle of ${entry.href}`);
  return new URL(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}
