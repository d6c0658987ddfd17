// Errors as the spec shapes them: {error, description, error_code, error_info?, sub_code?}.
import { z, type ZodType } from 'zod';
import { describeZodError } from '../../shared/service';

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly extra: { error_info?: Record<string, unknown>; sub_code?: number } = {},
  ) {
    super(description);
  }

  body(): Record<string, unknown> {
    return {
      error: this.error,
      description: this.description,
      error_code: this.status,
      ...this.extra,
    };
  }
}

export const badRequest = (description: string) =>
  new ServiceError(400, 'bad_request', description);

export const notFound = (description: string, withInfo = false) =>
  new ServiceError(
    404,
    'not_found',
    description,
    withInfo ? { error_info: { error: 'not_found', description, error_code: 404 } } : {},
  );

/**
 * A beneficiary key asked for more than its own record (spec "Authentication" 6). The spec
 * names no status: 403, since the token is valid and only its reach is short. `error_info`
 * says why, so that a client can tell this refusal from any other 403.
 */
export const beneficiaryKeyRefusal = (beneficiaryId: string, what: string) =>
  new ServiceError(
    403,
    'forbidden',
    `a beneficiary key may update only its own beneficiary record (${beneficiaryId}); ${what} needs the account's API key`,
    {
      error_info: {
        error: 'forbidden',
        error_code: 403,
        reason: 'beneficiary_key',
        beneficiary_id: beneficiaryId,
      },
    },
  );

/** Sub-code of a 405: the method is not one the path serves. */
export const SUB_CODE_METHOD_NOT_ALLOWED = 1;

export const methodNotAllowed = (method: string, path: string, allowed: string[]) =>
  new ServiceError(
    405,
    'Method Not Allowed',
    `${method} is not allowed on ${path}; use ${allowed.join(' or ')}`,
    { sub_code: SUB_CODE_METHOD_NOT_ALLOWED },
  );

/** Parses a request part with a service schema; a failure is a 400 naming the property. */
export function parseOr400<T>(schema: ZodType<T>, value: unknown, what = 'body'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest(`validation failed in ${what}: ${describeZodError(result.error)}`);
}

const ItemsEnvelope = z.object({ items: z.array(z.unknown()) });

/** A bulk body's item count, checked before its items: refusing 50,000 must not cost validating them. */
export function assertBulkSize(body: unknown, maxItems: number): void {
  const { items } = parseOr400(ItemsEnvelope, body);
  if (items.length > maxItems) {
    throw badRequest(
      `validation failed in body: items: at most ${maxItems} items per request, got ${items.length}`,
    );
  }
}
