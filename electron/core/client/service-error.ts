// Every failed call is one error value with what the service said and what was being done,
// so that a person reading it knows what to do and the sync engine knows whether to retry.
import { ErrorBody } from '../../../shared/service';

export type FailureKind =
  /** The service answered with an error status. */
  | 'status'
  /** No answer: refused, reset, dropped, timed out. Whether the request was processed is unknown. */
  | 'network'
  /**
   * The service's certificate could not be verified (untrusted, not the pinned one, expired,
   * made out to another name). The request never left; waiting will not help, so no retry.
   */
  | 'tls'
  /** An answer that does not fit the spec's schema. */
  | 'bad_answer'
  /** Refused before sending: a bad profile or input. */
  | 'refused';

export class ServiceCallError extends Error {
  readonly status?: number;
  readonly error?: string;
  readonly description?: string;
  readonly errorCode?: number;
  readonly subCode?: number;
  readonly retryAfterSeconds?: number;
  /**
   * The service refused the call because the profile's key is a beneficiary key, which may
   * update only its own beneficiary record (spec "Authentication" 6).
   */
  readonly beneficiaryKeyRefusal: boolean;
  /** The profile whose key made the call, where the caller knows it. */
  readonly profile?: string;
  /**
   * The request certainly never reached the service: no connection was made (refused, no such
   * host) or the certificate was refused before anything was sent. Repeating it cannot act
   * twice, and what it carried was not taken.
   */
  readonly requestNeverLeft: boolean;

  constructor(
    readonly kind: FailureKind,
    readonly operation: string,
    message: string,
    details: {
      status?: number;
      body?: unknown;
      retryAfterSeconds?: number;
      cause?: unknown;
      beneficiaryKeyRefusal?: boolean;
      profile?: string;
      requestNeverLeft?: boolean;
    } = {},
  ) {
    const parsed = ErrorBody.partial().safeParse(details.body);
    const body = parsed.success ? parsed.data : {};
    super(`${operation}: ${message}`, { cause: details.cause });
    this.name = 'ServiceCallError';
    if (details.status !== undefined) this.status = details.status;
    if (body.error !== undefined) this.error = body.error;
    if (body.description !== undefined) this.description = body.description;
    if (body.error_code !== undefined) this.errorCode = body.error_code;
    if (body.sub_code !== undefined) this.subCode = body.sub_code;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
    if (details.profile !== undefined) this.profile = details.profile;
    this.requestNeverLeft = kind === 'tls' || details.requestNeverLeft === true;
    this.beneficiaryKeyRefusal =
      details.beneficiaryKeyRefusal === true ||
      (details.status === 403 && body.error_info?.reason === 'beneficiary_key');
  }

  /** The deployment does not serve this call (a fallback may apply). */
  get isMissingCall(): boolean {
    return this.kind === 'status' && (this.status === 404 || this.status === 405);
  }
}
