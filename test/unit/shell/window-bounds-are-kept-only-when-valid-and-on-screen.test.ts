// The window's size and place come back on the next run, unless the file holding them is not
// valid or they would put the window off every screen (a monitor unplugged since).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBounds, saveBounds } from '../../../electron/shell/window-bounds';

const SCREENS = [{ x: 0, y: 0, width: 1920, height: 1080 }];
let dir: string;
beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'payout-desk-bounds-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('window bounds', () => {
  it('come back as they were saved', async () => {
    const file = join(dir, 'a', 'window-bounds.json');
    const bounds = { x: 100, y: 80, width: 1200, height: 700, maximized: true };
    await saveBounds(file, bounds);
    expect(await readBounds(file, SCREENS)).toEqual(bounds);
  });

  it.each([
    ['no file', undefined],
    ['text that is no JSON', '{"x": 1,'],
    ['a wrong shape', '{"x": "left", "y": 0, "width": 800, "height": 600}'],
    ['a tiny window', '{"x": 0, "y": 0, "width": 10, "height": 10}'],
    ['a place off every screen', '{"x": 5000, "y": 0, "width": 800, "height": 600}'],
    ['a sliver left on screen', '{"x": 1900, "y": 0, "width": 800, "height": 600}'],
  ])('are ignored with %s', async (name, text) => {
    const file = join(dir, `${name}.json`);
    if (text !== undefined) await writeFile(file, text);
    expect(await readBounds(file, SCREENS)).toBeUndefined();
  });

  it('are kept on a second screen', async () => {
    const file = join(dir, 'second.json');
    await writeFile(file, '{"x": 2000, "y": 100, "width": 800, "height": 600}');
    const screens = [...SCREENS, { x: 1920, y: 0, width: 1920, height: 1080 }];
    expect(await readBounds(file, screens)).toMatchObject({ x: 2000, maximized: false });
  });
});
