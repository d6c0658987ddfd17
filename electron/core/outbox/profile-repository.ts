// Where each profile points. Never its credentials: those live on the OS keychain.
import type { Db } from './database';

export interface SavedProfile {
  name: string;
  kind: 'local' | 'sandbox' | 'production';
  baseUrl: string;
  authUrl: string;
  caPath: string | null;
}

interface ProfileRow {
  name: string;
  kind: SavedProfile['kind'];
  base_url: string;
  auth_url: string;
  ca_path: string | null;
}

export class ProfileRepository {
  constructor(private readonly db: Db) {}

  save(profile: SavedProfile): void {
    this.db
      .prepare(
        `INSERT INTO profiles (name, kind, base_url, auth_url, ca_path, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(name) DO UPDATE SET kind = excluded.kind, base_url = excluded.base_url,
           auth_url = excluded.auth_url, ca_path = excluded.ca_path`,
      )
      .run(
        profile.name,
        profile.kind,
        profile.baseUrl,
        profile.authUrl,
        profile.caPath,
        new Date().toISOString(),
      );
  }

  get(name: string): SavedProfile | undefined {
    const row = this.db.prepare('SELECT * FROM profiles WHERE name = ?').get(name) as
      ProfileRow | undefined;
    return row ? toProfile(row) : undefined;
  }

  list(): SavedProfile[] {
    return (this.db.prepare('SELECT * FROM profiles ORDER BY name').all() as ProfileRow[]).map(
      toProfile,
    );
  }
}

function toProfile(row: ProfileRow): SavedProfile {
  return {
    name: row.name,
    kind: row.kind,
    baseUrl: row.base_url,
    authUrl: row.auth_url,
    caPath: row.ca_path,
  };
}
