// Every outbox migration, in order. Append only; each has its own test with rows in it.
import { initial } from './001-initial';
import { sheetSources } from './002-sheet-sources';
import { duplicateKeyCurrency } from './003-duplicate-key-currency';
import { desk } from './004-desk';
import { chunkIndex } from './005-chunk-index';
import { standaloneBeneficiaries } from './006-standalone-beneficiaries';
import { payeeIndex } from './007-payee-index';
import { foreignKeyIndexes } from './008-foreign-key-indexes';
import { journalByOperation } from './009-journal-by-operation';
import { deletedRows } from './010-deleted-rows';
import { journalAppends } from './011-journal-appends';
import type { Migration } from './migration';

export const MIGRATIONS: readonly Migration[] = [
  initial,
  sheetSources,
  duplicateKeyCurrency,
  desk,
  chunkIndex,
  standaloneBeneficiaries,
  payeeIndex,
  foreignKeyIndexes,
  journalByOperation,
  deletedRows,
  journalAppends,
];
export type { Migration };
