import type Database from 'better-sqlite3';

/** One step of the outbox schema. Released steps are never edited: a change is a new step. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}
