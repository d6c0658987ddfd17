// The renderer's formatters as a browser whose language is `language` loads them: Node 20 has
// no navigator, so one is stubbed (the caller unstubs it after each test) and the module is
// loaded anew.
import { vi } from 'vitest';

/** The part of renderer/src/lib/format.ts the tests use, typed here. */
export interface RendererFormat {
  formatCountOf(count: number, one: string, other?: string): string;
  formatMoment(iso: string, now?: Date): string;
  formatAge(iso: string, now?: Date): string;
}

export async function rendererFormatIn(language: string): Promise<RendererFormat> {
  vi.resetModules();
  vi.stubGlobal('navigator', { language });
  // Named by a variable, so that this Node project's type check does not follow it into the
  // renderer's code (svelte-check checks that).
  const format = '../../renderer/src/lib/format';
  return (await import(format)) as RendererFormat;
}
