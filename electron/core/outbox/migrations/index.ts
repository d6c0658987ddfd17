// Every outbox migration, in order. Append only; each has its own test with rows in it.
import { initial } from './001-initial';
import type { Migration } from './migration';

export const MIGRATIONS: readonly Migration[] = [initial];
export type { Migration };
