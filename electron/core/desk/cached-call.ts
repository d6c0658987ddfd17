// The desk's reads of the service that are kept (the live views: groups, wallets, statements):
// each answer is kept with when it was fetched, and offline the kept one is answered, marked
// stale, rather than nothing.
import { ServiceCallError } from '../client';
import type { DeskContext } from './desk-context';

/** Background tries of kept reads, one per profile and key at a time (tryBehind). */
const tryingBehind = new WeakMap<DeskContext, Set<string>>();

/**
 * A call whose answer is kept; offline, the kept answer with when it was fetched. Known to be
 * offline (the last try had no answer), a kept answer comes at once rather than after the
 * client's retries, seconds a screen would wait for an answer it will not get; the service is
 * tried behind it, and when it answers, the `connectivity` event tells the screens to ask again.
 * `keep` writes what the answer teaches (by default the answer, under `key`).
 */
export async function cachedCall<T>(
  ctx: DeskContext,
  profile: string,
  key: string,
  call: (
    client: Parameters<Parameters<DeskContext['connections']['use']>[1]>[0]['client'],
  ) => Promise<T>,
  keep: (value: T, fetchedAt: string) => void = (value, fetchedAt) =>
    ctx.outbox.cache.put(profile, key, value, fetchedAt),
): Promise<{ value: T; fetched_at: string; stale: boolean }> {
  const fetch = async () => {
    const value = await ctx.connections.use(profile, ({ client }) => call(client));
    const fetchedAt = ctx.now().toISOString();
    keep(value, fetchedAt);
    return { value, fetched_at: fetchedAt, stale: false };
  };
  if (ctx.connections.status(profile).online === false) {
    const cached = ctx.outbox.cache.get<T>(profile, key);
    if (cached) {
      tryBehind(ctx, `${profile}\n${key}`, fetch);
      return { value: cached.value, fetched_at: cached.fetchedAt, stale: true };
    }
  }
  try {
    return await fetch();
  } catch (error) {
    if (!(error instanceof ServiceCallError) || error.kind !== 'network') throw error;
    const cached = ctx.outbox.cache.get<T>(profile, key);
    if (!cached) throw error;
    return { value: cached.value, fetched_at: cached.fetchedAt, stale: true };
  }
}

/**
 * Tries a read without anyone waiting for it: its answer is kept, and the connection notes the
 * contact. Whatever it meets is dropped (still offline; the desk closed meanwhile).
 */
function tryBehind(ctx: DeskContext, id: string, fetch: () => Promise<unknown>): void {
  let trying = tryingBehind.get(ctx);
  if (!trying) tryingBehind.set(ctx, (trying = new Set()));
  if (trying.has(id)) return;
  trying.add(id);
  const running = trying;
  fetch()
    .catch(() => undefined)
    .finally(() => running.delete(id));
}
