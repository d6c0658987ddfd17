import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // better-sqlite3 is a native addon: separate processes keep each file's databases apart.
    pool: 'forks',
    // Each worker process runs file after file: the app's modules and their libraries (ExcelJS,
    // playwright-core, the sandbox) are loaded once a worker, not once a file (the suite's
    // module loading 160 s -> 19 s, the suite 574 s -> 409 s on this 2-core machine). A file
    // that changes the process (an environment variable) puts it back when it ends.
    isolate: false,
    // Vitest leaves one core free by default: on a 2-core machine that is one file at a time,
    // though most files wait on processes, sockets and disks more than they compute.
    maxWorkers: 2,
    // The renderer and the app's bundles, built once for the tests that start them.
    globalSetup: ['test/support/build-for-tests.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
