// Every failure as the contract's one error shape, with a message that speaks to a person in
// every face: what went wrong and what to do, without a command-line flag or an environment
// variable (a face adds its own hints).
import { z } from 'zod';
import { DeskError } from '../../../shared/desk/errors';
import { describeZodError } from '../../../shared/service';
import { ServiceCallError, beneficiaryKeyMessage } from '../client';
import { OutboxTooNewError } from '../outbox';
import { KeychainUnavailableError } from '../secrets';
import { ImportCancelledError, SheetExportError, SheetFileError } from '../sheets';
import { BatchLockedError, BeneficiaryKeyStop } from '../sync/sync-engine';

export function toDeskError(error: unknown): DeskError {
  if (error instanceof DeskError) return error;
  if (error instanceof z.ZodError) {
    return new DeskError('invalid_input', describeZodError(error), { issues: error.issues });
  }
  if (error instanceof ServiceCallError) return serviceError(error);
  if (error instanceof ImportCancelledError) return new DeskError('cancelled', error.message);
  if (error instanceof SheetFileError) {
    return new DeskError(sheetErrorCode(error.code), error.message, { reason: error.code });
  }
  if (error instanceof SheetExportError) {
    return new DeskError(exportErrorCode(error), error.message);
  }
  if (error instanceof KeychainUnavailableError) {
    return new DeskError('keychain_unavailable', error.message);
  }
  if (error instanceof BatchLockedError) return new DeskError('busy', error.message);
  if (error instanceof BeneficiaryKeyStop) {
    return new DeskError('beneficiary_key', error.message, {
      refused: error.refused,
      ...(error.refusal.profile !== undefined ? { profile: error.refusal.profile } : {}),
    });
  }
  if (error instanceof OutboxTooNewError) return new DeskError('conflict', error.message);
  const message = error instanceof Error ? error.message : String(error);
  return new DeskError('internal', message);
}

function sheetErrorCode(code: SheetFileError['code']): DeskError['code'] {
  switch (code) {
    case 'batch_exists':
    case 'headers_differ':
    case 'batch_changed':
      return 'conflict';
    case 'batch_not_found':
      return 'not_found';
    case 'bad_mapping':
    case 'no_batch_name':
    case 'no_such_sheet':
      return 'invalid_input';
    default:
      return 'bad_file';
  }
}

function serviceError(error: ServiceCallError): DeskError {
  const details = {
    operation: error.operation,
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(error.error !== undefined ? { error: error.error } : {}),
    ...(error.description !== undefined ? { description: error.description } : {}),
  };
  if (error.kind === 'network') {
    return new DeskError(
      'offline',
      `${error.message}. Nothing was lost: try again when the service can be reached`,
      details,
    );
  }
  if ((error.kind as string) === 'tls') return new DeskError('tls', error.message, details);
  if (error.beneficiaryKeyRefusal) {
    return new DeskError('beneficiary_key', beneficiaryKeyMessage(error), {
      ...details,
      ...(error.profile !== undefined ? { profile: error.profile } : {}),
    });
  }
  if (error.status === 401) {
    return new DeskError(
      'unauthorized',
      `${error.message}. The service did not accept the profile's credentials: save them again`,
      details,
    );
  }
  if (error.status === 404) return new DeskError('not_found', error.message, details);
  return new DeskError('service_error', error.message, details);
}

/** The file's path is the person's to change: a folder missing, a file in its way, no right. */
const PATH_ERRORS = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'EACCES', 'EPERM', 'EROFS']);

/** An export's failure: the input's where the path given is the cause, else the desk's own. */
function exportErrorCode(error: SheetExportError): 'invalid_input' | 'internal' {
  if (error.code === 'unsupported_format') return 'invalid_input';
  const cause = (error.cause as NodeJS.ErrnoException | undefined)?.code;
  return cause !== undefined && PATH_ERRORS.has(cause) ? 'invalid_input' : 'internal';
}
