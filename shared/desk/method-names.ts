// The DeskApi's method names without their schemas. The Electron preload is one sandboxed
// bundle that must stay small and must not carry zod (api.ts would pull every schema in), yet
// it builds one function per method: it takes the names from here. The compiler checks that
// no method is missing from this list; a unit test checks it equals the contract's, in order.
import type { DeskMethodName } from './api';

export const METHOD_NAMES = [
  'listProfiles',
  'addProfile',
  'removeProfile',
  'setCredentials',
  'removeCredentials',
  'testConnection',
  'selectProfile',
  'status',
  'getSettings',
  'saveSettings',
  'auditLog',
  'exportAuditLog',
  'listBatches',
  'getBatch',
  'renameBatch',
  'deleteBatch',
  'setBatchGroup',
  'setServiceApproval',
  'draftWindow',
  'getDraft',
  'editDraft',
  'bulkEdit',
  'deleteDrafts',
  'undo',
  'approve',
  'unapprove',
  'inspectSheet',
  'importSheet',
  'listMappings',
  'deleteMapping',
  'writeTemplate',
  'exportResults',
  'syncPreview',
  'validateBeneficiaries',
  'sync',
  'cancelSync',
  'cancelJob',
  'retryFailed',
  'approveAtService',
  'listGroups',
  'previewGroupDelete',
  'deleteGroup',
  'getWallet',
  'getStatement',
  'exportStatement',
  'findInStatement',
  'listBeneficiaries',
  'getBeneficiary',
  'editBeneficiary',
  'statementLinks',
  'fundingNeed',
  'reconcileBatch',
] as const satisfies readonly DeskMethodName[];

/** Fails to compile when the contract gains a method this list lacks. */
type Missing = Exclude<DeskMethodName, (typeof METHOD_NAMES)[number]>;
export const NO_METHOD_MISSING: [Missing] extends [never] ? true : Missing = true;
