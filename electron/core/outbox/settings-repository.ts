// The app's few settings (the profile in use), as JSON by key.
import type { Db } from './database';

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  get<T>(key: string): T | undefined {
    const json = this.db
      .prepare('SELECT value_json FROM settings WHERE key = ?')
      .pluck()
      .get(key) as string | undefined;
    return json === undefined ? undefined : (JSON.parse(json) as T);
  }

  set(key: string, value: unknown): void {
    this.db
      .prepare(
        `INSERT INTO settings (key, value_json) VALUES (?, ?)
         ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json`,
      )
      .run(key, JSON.stringify(value));
  }
}
