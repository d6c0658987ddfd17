// The outbox: everything the user prepared, kept in SQLite until the service holds it.
import { AuditRepository } from './audit-repository';
import { BatchLocks } from './batch-lock';
import { BatchRepository } from './batch-repository';
import { BeneficiaryImportQueries } from './beneficiary-import-queries';
import { BeneficiaryQueries } from './beneficiary-queries';
import { checkpoint, openOutboxDatabase, type Db } from './database';
import { DraftBulk } from './draft-bulk';
import { DraftQueries } from './draft-queries';
import { DraftRepository } from './draft-repository';
import { EditJournal } from './edit-journal';
import { GroupDraftsRepository } from './group-drafts-repository';
import { ServiceCache } from './service-cache';
import { SettingsRepository } from './settings-repository';
import { ImportRepository } from './import-repository';
import { ProfileRepository } from './profile-repository';
import { StandaloneBeneficiaryRepository } from './standalone-beneficiary-repository';
import { SyncRepository } from './sync-repository';
import { SyncSelection } from './sync-selection';

export class Outbox {
  readonly batches: BatchRepository;
  readonly drafts: DraftRepository;
  readonly audit: AuditRepository;
  readonly locks: BatchLocks;
  readonly sync: SyncRepository;
  /** What a sync run sends: the approved drafts when it started. */
  readonly syncSelection: SyncSelection;
  readonly profiles: ProfileRepository;
  readonly imports: ImportRepository;
  readonly queries: DraftQueries;
  readonly bulk: DraftBulk;
  readonly journal: EditJournal;
  readonly settings: SettingsRepository;
  readonly cache: ServiceCache;
  readonly groupDrafts: GroupDraftsRepository;
  readonly beneficiaries: BeneficiaryQueries;
  readonly standaloneBeneficiaries: StandaloneBeneficiaryRepository;
  readonly beneficiaryImports: BeneficiaryImportQueries;

  /** `actor`: who the audit log names; the operating system's user unless given. */
  constructor(
    readonly db: Db,
    actor?: string,
  ) {
    this.batches = new BatchRepository(db);
    this.drafts = new DraftRepository(db);
    this.audit = new AuditRepository(db, actor);
    this.locks = new BatchLocks(db);
    this.sync = new SyncRepository(db);
    this.syncSelection = new SyncSelection(db);
    this.profiles = new ProfileRepository(db);
    this.imports = new ImportRepository(db);
    this.queries = new DraftQueries(db);
    this.bulk = new DraftBulk(db);
    this.journal = new EditJournal(db);
    this.settings = new SettingsRepository(db);
    this.cache = new ServiceCache(db);
    this.groupDrafts = new GroupDraftsRepository(db);
    this.beneficiaries = new BeneficiaryQueries(db);
    this.standaloneBeneficiaries = new StandaloneBeneficiaryRepository(db);
    this.beneficiaryImports = new BeneficiaryImportQueries(db);
  }

  static open(dataDir: string, options: { actor?: string | undefined } = {}): Outbox {
    return new Outbox(openOutboxDatabase(dataDir), options.actor);
  }

  close(): void {
    checkpoint(this.db);
    this.db.close();
  }
}

export { OutboxTooNewError, openOutboxDatabase, migrate, checkpoint } from './database';
export { ensureOwnerOnlyFolder } from './owner-only';
export type { Batch } from './batch-repository';
export type { SavedProfile } from './profile-repository';
export type { NewPaymentDraft } from './draft-types';
export { correlationIdFor } from './draft-types';
export type { ImportedDraft, SavedMapping, SourceRowDraft } from './import-repository';
