// Building blocks of the Payments Service wire format (spec: "Resources and their fields",
// "Errors", "Limits"). Every pattern and limit the spec states lives here, once.
import { z } from 'zod';
import { decimalPlaces } from '../domain/money';

export const CurrencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be a 3-letter uppercase ISO 4217 code');
export const CountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be a 2-letter uppercase ISO 3166 code');
export const PurposeCode = z
  .string()
  .regex(/^[A-Z]{4}$/, 'must be 4 uppercase letters (ISO 20022)');

/** A JSON number with at most 3 decimal places (spec: amount precision). */
export const Amount = z
  .number()
  .refine((value) => Number.isFinite(value), 'must be a finite number')
  .refine((value) => decimalPlaces(value) <= 3, 'must have at most 3 decimal places');

export const DateTime = z.iso.datetime({ offset: true });
export const DateOnly = z.iso.date();
export const UserTags = z.record(z.string(), z.string());
export const Tags = z.record(z.string(), z.unknown());

/** Paging as answered by list calls; requests put skip and take in the query. */
export const Paging = z.object({ skip: z.int().min(0), take: z.int().min(0) });

/** Page size limits (DESIGN.md): take defaults to 50, at most 500. */
export const DEFAULT_TAKE = 50;
export const MAX_TAKE = 500;

export const ErrorBody = z.object({
  error: z.string(),
  description: z.string(),
  error_code: z.int(),
  error_info: z.looseObject({}).optional(),
  sub_code: z.int().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The token call's error: a body with only `error` (spec: 401 "Invalid request"). */
export const TokenErrorBody = z.object({ error: z.string() });
export type TokenErrorBody = z.infer<typeof TokenErrorBody>;

/** "items[3].amount.amount: must have at most 3 decimal places; source.id: required" */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = formatPath(issue.path);
      const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
      const message = missing ? 'required' : issue.message;
      if (issue.code === 'unrecognized_keys') {
        return `${path ? `${path}: ` : ''}unknown properties ${issue.keys.join(', ')}`;
      }
      return path ? `${path}: ${message}` : message;
    })
    .join('; ');
}

export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`,
    )
    .join('');
}

/** Repeated query parameters as an array, or undefined when absent. */
export function repeated(params: URLSearchParams, name: string): string[] | undefined {
  const values = params.getAll(name);
  return values.length > 0 ? values : undefined;
}

/** A whole-number query parameter; anything else stays text so that the schema names it. */
export function queryInt(params: URLSearchParams, name: string): number | string | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  return /^-?\d+$/.test(value) ? Number(value) : value;
}
