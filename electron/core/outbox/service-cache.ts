// The last copy of each live view (a page of groups, a wallet), per profile, with when it was
// fetched: offline, the views show it with its age instead of nothing.
import type { Db } from './database';

export interface Cached<T> {
  value: T;
  fetchedAt: string;
}

export class ServiceCache {
  constructor(private readonly db: Db) {}

  get<T>(profile: string, key: string): Cached<T> | undefined {
    const row = this.db
      .prepare('SELECT json, fetched_at FROM service_cache WHERE profile = ? AND key = ?')
      .get(profile, key) as { json: string; fetched_at: string } | undefined;
    return row ? { value: JSON.parse(row.json) as T, fetchedAt: row.fetched_at } : undefined;
  }

  put(profile: string, key: string, value: unknown, fetchedAt: string): void {
    this.db
      .prepare(
        `INSERT INTO service_cache (profile, key, json, fetched_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (profile, key) DO UPDATE SET json = excluded.json, fetched_at = excluded.fetched_at`,
      )
      .run(profile, key, JSON.stringify(value), fetchedAt);
  }

  /** Every cached value of a kind (`group:`), for a view that searches the last copies. */
  all<T>(profile: string, prefix: string): Cached<T>[] {
    const rows = this.db
      .prepare(
        `SELECT json, fetched_at FROM service_cache WHERE profile = ? AND substr(key, 1, ?) = ?`,
      )
      .all(profile, prefix.length, prefix) as { json: string; fetched_at: string }[];
    return rows.map((row) => ({ value: JSON.parse(row.json) as T, fetchedAt: row.fetched_at }));
  }

  forget(profile: string): void {
    this.db.prepare('DELETE FROM service_cache WHERE profile = ?').run(profile);
  }
}
