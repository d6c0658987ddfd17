// The DeskApi contract between the core and every face (window, browser, command line).
export * from './api';
export * from './audit';
export * from './bridge-errors';
export * from './batches';
export * from './beneficiaries';
export * from './beneficiary-import';
export * from './common';
export * from './drafts';
export * from './errors';
export * from './events';
export * from './imports';
export * from './live';
export * from './profiles';
export * from './settings';
export * from './shell';
export * from './statement-search';
export * from './sync';
export * from './wallets';
export {
  DraftBeneficiary,
  DraftIssue,
  DraftPayment,
  IssueSeverity,
  IssueSource,
} from '../domain/draft';
export { DraftChanges, EditableField, FieldValue } from '../domain/draft-changes';
