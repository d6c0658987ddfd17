// A worker runs a bundle and plain-JavaScript packages: from a checkout, where the process
// loads tsx's TypeScript loader in whichever form, the worker starts without it (and without
// the process's other options, which Node would refuse from V8); otherwise it inherits them.
import { describe, expect, it } from 'vitest';
import { workerExecArgv } from '../../../electron/core/sheets/drafting/worker-script';

describe("a worker's Node options", () => {
  it.each([
    ['node --import tsx', ['--import', 'tsx']],
    ['node --import=tsx', ['--import=tsx']],
    [
      'the tsx command',
      [
        '--require',
        '/app/node_modules/tsx/dist/preflight.cjs',
        '--import',
        'file:///app/node_modules/tsx/dist/loader.mjs',
      ],
    ],
    ['node -r hook --loader=other', ['-r', 'hook', '--loader=other']],
  ])('are none when the process was started as %s', (_, hooks) => {
    expect(workerExecArgv(['--max-old-space-size=160', ...hooks, '--cpu-prof'])).toEqual([]);
  });

  it('are inherited when the process loads no module hooks', () => {
    expect(workerExecArgv(['--max-old-space-size=160', '--cpu-prof'])).toBeUndefined();
  });
});
