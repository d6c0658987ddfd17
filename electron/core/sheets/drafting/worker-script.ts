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

/** Node's options that load module hooks, given as `--flag value` or `--flag=value`. */
const MODULE_HOOKS = ['--import', '--require', '-r', '--loader', '--experimental-loader'];

/**
 * Node's options for a worker: inherited, unless the process loads module hooks, as it does
 * from a checkout (tsx's TypeScript loader); then none. Inherited, tsx would register its
 * loader again in every worker (one-off: 85 ms more before the worker's first line, and a
 * loader thread beside it), though a worker runs a bundle and packages that are plain
 * JavaScript. None rather than the rest: Node refuses V8's options (`--max-old-space-size`)
 * when they are given to a worker, and ignores them only when inherited.
 */
export function workerExecArgv(parent: readonly string[] = process.execArgv): [] | undefined {
  const hooked = parent.some((option) =>
    MODULE_HOOKS.some((hook) => option === hook || option.startsWith(`${hook}=`)),
  );
  return hooked ? [] : undefined;
}

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
    // package.json's engines: below Node 20.10, esbuild drops the `with { type: 'json' }` of
    // an import it leaves outside the bundle, and Node refuses the JSON file without it.
    target: 'node20.19',
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
