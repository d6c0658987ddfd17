// The DeskApi: every method the app has, by name, with its input and output schemas. The core
// implements it once (electron/core/desk); the CLI calls it in-process, the browser host serves
// it as POST /desk/<method>, the Electron preload exposes one function per method. Types are
// inferred from here and nowhere else.
import { z } from 'zod';
import { Empty } from './common';
import {
  BatchList,
  Batch,
  BatchDetail,
  DeleteBatchResult,
  RenameBatchInput,
  DeleteBatchInput,
  SetBatchGroupInput,
  SetBatchGroupResult,
  SetServiceApprovalInput,
} from './batches';
import {
  BeneficiaryIdInput,
  BeneficiaryList,
  BeneficiaryListInput,
  BeneficiaryListItem,
  CreateBeneficiaryInput,
  EditBeneficiaryInput,
} from './beneficiaries';
import { BeneficiaryImportDone, ImportBeneficiariesInput } from './beneficiary-import';
import {
  ApproveInput,
  ApproveResult,
  BatchInput,
  BulkEditInput,
  BulkEditResult,
  DeleteDraftsInput,
  DeleteDraftsResult,
  Draft,
  DraftIdInput,
  DraftWindow,
  DraftWindowInput,
  EditDraftInput,
  EditDraftsInput,
  EditDraftsResult,
  UnapproveInput,
  UnapproveResult,
  UndoInput,
  UndoResult,
} from './drafts';
import {
  DeleteMappingInput,
  ExportResultsInput,
  ImportSheetInput,
  ImportSummary,
  InspectSheetInput,
  MappingList,
  ResultsExported,
  SheetInspection,
  TemplateWritten,
  WriteTemplateInput,
} from './imports';
import {
  DeleteGroupInput,
  ExportStatementInput,
  GroupDeleted,
  GroupDeletePreview,
  GroupInput,
  GroupPage,
  ListGroupsInput,
  StatementExported,
  StatementInput,
  StatementView,
  WalletInput,
  WalletView,
} from './live';
import {
  AddProfileInput,
  ConnectionTested,
  CredentialsRemoved,
  CredentialsSaved,
  DeskStatus,
  OptionalProfileInput,
  ProfileInfo,
  ProfileList,
  ProfileNameInput,
  RemovedProfile,
  SetCredentialsInput,
} from './profiles';
import { SaveSettingsInput, SettingsView } from './settings';
import { FindInStatementInput, StatementMatches } from './statement-search';
import { AuditLogExported, AuditLogInput, AuditLogPage, ExportAuditLogInput } from './audit';
import {
  ApproveAtServiceInput,
  ApproveAtServiceResult,
  CancelJobInput,
  CancelSyncInput,
  Cancelling,
  RetryFailedInput,
  RetryFailedResult,
  SyncInput,
  SyncOutcome,
  SyncPreview,
  SyncPreviewInput,
  ValidateInput,
  ValidationDone,
} from './sync';
import {
  BatchReconciliation,
  FundingNeed,
  FundingNeedInput,
  ReconcileBatchInput,
  StatementLinks,
  StatementLinksInput,
} from './wallets';

interface MethodSchema<I extends z.ZodType, O extends z.ZodType> {
  input: I;
  output: O;
  /** Long work: it reports progress as events and can be cancelled by its `job_id`. */
  long: boolean;
}

const method = <I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
  long = false,
): MethodSchema<I, O> => ({ input, output, long });

export const DESK_METHODS = {
  // Profiles and status
  listProfiles: method(Empty, ProfileList),
  addProfile: method(AddProfileInput, ProfileInfo),
  removeProfile: method(ProfileNameInput, RemovedProfile),
  setCredentials: method(SetCredentialsInput, CredentialsSaved),
  removeCredentials: method(ProfileNameInput, CredentialsRemoved),
  testConnection: method(OptionalProfileInput, ConnectionTested),
  selectProfile: method(ProfileNameInput, ProfileInfo),
  status: method(Empty, DeskStatus),
  // Settings
  getSettings: method(Empty, SettingsView),
  saveSettings: method(SaveSettingsInput, SettingsView),
  auditLog: method(AuditLogInput, AuditLogPage),
  exportAuditLog: method(ExportAuditLogInput, AuditLogExported, true),
  // Batches
  listBatches: method(Empty, BatchList),
  getBatch: method(BatchInput, BatchDetail),
  renameBatch: method(RenameBatchInput, Batch),
  deleteBatch: method(DeleteBatchInput, DeleteBatchResult, true),
  setBatchGroup: method(SetBatchGroupInput, SetBatchGroupResult),
  setServiceApproval: method(SetServiceApprovalInput, Batch),
  // Drafts
  draftWindow: method(DraftWindowInput, DraftWindow),
  getDraft: method(DraftIdInput, Draft),
  editDraft: method(EditDraftInput, Draft),
  editDrafts: method(EditDraftsInput, EditDraftsResult),
  bulkEdit: method(BulkEditInput, BulkEditResult),
  deleteDrafts: method(DeleteDraftsInput, DeleteDraftsResult),
  undo: method(UndoInput, UndoResult),
  approve: method(ApproveInput, ApproveResult),
  unapprove: method(UnapproveInput, UnapproveResult),
  // Sheets in and out
  inspectSheet: method(InspectSheetInput, SheetInspection, true),
  importSheet: method(ImportSheetInput, ImportSummary, true),
  listMappings: method(Empty, MappingList),
  deleteMapping: method(DeleteMappingInput, z.object({ deleted: z.boolean() })),
  writeTemplate: method(WriteTemplateInput, TemplateWritten),
  exportResults: method(ExportResultsInput, ResultsExported, true),
  // Sync
  syncPreview: method(SyncPreviewInput, SyncPreview),
  validateBeneficiaries: method(ValidateInput, ValidationDone, true),
  sync: method(SyncInput, SyncOutcome, true),
  cancelSync: method(CancelSyncInput, Cancelling),
  cancelJob: method(CancelJobInput, Cancelling),
  retryFailed: method(RetryFailedInput, RetryFailedResult),
  approveAtService: method(ApproveAtServiceInput, ApproveAtServiceResult, true),
  // Live views
  listGroups: method(ListGroupsInput, GroupPage),
  previewGroupDelete: method(GroupInput, GroupDeletePreview),
  deleteGroup: method(DeleteGroupInput, GroupDeleted),
  getWallet: method(WalletInput, WalletView),
  getStatement: method(StatementInput, StatementView),
  exportStatement: method(ExportStatementInput, StatementExported, true),
  findInStatement: method(FindInStatementInput, StatementMatches, true),
  // Beneficiaries
  listBeneficiaries: method(BeneficiaryListInput, BeneficiaryList),
  getBeneficiary: method(BeneficiaryIdInput, BeneficiaryListItem),
  editBeneficiary: method(EditBeneficiaryInput, BeneficiaryListItem),
  createBeneficiary: method(CreateBeneficiaryInput, BeneficiaryListItem),
  importBeneficiaries: method(ImportBeneficiariesInput, BeneficiaryImportDone, true),
  statementLinks: method(StatementLinksInput, StatementLinks),
  fundingNeed: method(FundingNeedInput, FundingNeed),
  reconcileBatch: method(ReconcileBatchInput, BatchReconciliation, true),
} as const;

export type DeskMethods = typeof DESK_METHODS;
export type DeskMethodName = keyof DeskMethods;
export const DESK_METHOD_NAMES = Object.keys(DESK_METHODS) as DeskMethodName[];

/** What a caller passes: defaults may be left out. */
export type DeskInput<M extends DeskMethodName> = z.input<DeskMethods[M]['input']>;
/** What a caller gets back. */
export type DeskOutput<M extends DeskMethodName> = z.output<DeskMethods[M]['output']>;
/** What an implementation receives: the input parsed, defaults filled in. */
export type DeskParsedInput<M extends DeskMethodName> = z.output<DeskMethods[M]['input']>;

/** The API as every face sees it: one async function per method. */
export type DeskApi = { [M in DeskMethodName]: (input: DeskInput<M>) => Promise<DeskOutput<M>> };

export const isDeskMethod = (name: string): name is DeskMethodName =>
  Object.hasOwn(DESK_METHODS, name);
