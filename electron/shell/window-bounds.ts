// The window's size and place, kept between runs in a small JSON file in the user data folder.
// What is read back is checked: a file that does not parse, or bounds that would put the window
// off every screen (a monitor unplugged since), are ignored and the window opens centred.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

export const WindowBounds = z.object({
  x: z.int(),
  y: z.int(),
  width: z.int().min(200).max(100_000),
  height: z.int().min(200).max(100_000),
  maximized: z.boolean().default(false),
});
export type WindowBounds = z.infer<typeof WindowBounds>;

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How much of the window must lie on a screen for it to be reachable and moved back. */
const REACHABLE = 64;

export function onScreen(bounds: Area, screens: readonly Area[]): boolean {
  return screens.some((s) => {
    const w = Math.min(bounds.x + bounds.width, s.x + s.width) - Math.max(bounds.x, s.x);
    const h = Math.min(bounds.y + bounds.height, s.y + s.height) - Math.max(bounds.y, s.y);
    return w >= REACHABLE && h >= REACHABLE;
  });
}

/** The bounds kept in `file`, when they are valid and on one of `screens`. */
export async function readBounds(
  file: string,
  screens: readonly Area[],
): Promise<WindowBounds | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined; // the first run
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const bounds = WindowBounds.safeParse(json);
  return bounds.success && onScreen(bounds.data, screens) ? bounds.data : undefined;
}

/** Written whole or not at all: a crash mid-write leaves the previous file. */
export async function saveBounds(file: string, bounds: WindowBounds): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  await writeFile(partial, `${JSON.stringify(WindowBounds.parse(bounds))}\n`);
  await rename(partial, file);
}
