// Starts a worker thread on a module of the core. From a checkout (development, tests) the
// module is TypeScript and tsx compiles it, as it does for the process itself; a built app
// points at JavaScript and needs nothing.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
