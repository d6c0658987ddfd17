// The one error shape of the contract. A message speaks to a person in every face: it says what
// is wrong and what to do, in words that fit a window and a command line alike (no command-line
// flags, no environment variables; a face adds its own hints).
import { z } from 'zod';

export const DESK_ERROR_CODES = [
  /** The input does not fit the method's schema, or a value in it is not acceptable. */
  'invalid_input',
  /** No such batch, draft, profile, mapping, group or wallet. */
  'not_found',
  /** The call contradicts what is there: a name taken, a batch already sent, a file that exists. */
  'conflict',
  /** Another job holds what this one needs (a sync of the same batch). */
  'busy',
  /** The service could not be reached. Nothing was lost; try again when it can. */
  'offline',
  /** The service refused or failed the call. */
  'service_error',
  /** The service did not accept the profile's credentials. */
  'unauthorized',
  /**
   * The profile's key is a beneficiary key: the service lets it update only its own beneficiary
   * record and refused the rest. The message names the profile and what to use instead.
   */
  'beneficiary_key',
  /** The service's certificate could not be verified. */
  'tls',
  /** The profile has no credentials saved. */
  'no_credentials',
  /** No OS keychain to keep credentials in. */
  'keychain_unavailable',
  /** The file cannot be read as a sheet, or is refused as hostile. */
  'bad_file',
  /** The job was cancelled; nothing it started was left half done. */
  'cancelled',
  /** A bug: the message says what failed. */
  'internal',
] as const;

export const DeskErrorCode = z.enum(DESK_ERROR_CODES);
export type DeskErrorCode = z.infer<typeof DeskErrorCode>;

export const DeskErrorShape = z.object({
  code: DeskErrorCode,
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type DeskErrorShape = z.infer<typeof DeskErrorShape>;

/** A desk error as thrown inside a process; it crosses a boundary as its shape. */
export class DeskError extends Error {
  constructor(
    readonly code: DeskErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DeskError';
  }

  toShape(): DeskErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }

  static fromShape(shape: DeskErrorShape): DeskError {
    return new DeskError(shape.code, shape.message, shape.details);
  }
}

/** What crosses a process boundary: a value, or an error in the one shape. */
export type DeskReply<T> = { ok: true; value: T } | { ok: false; error: DeskErrorShape };
