// Building blocks of the Payments Service wire format (spec: "Resources and their fields",
// "Errors", "Limits"): code patterns, amount precision, dates, tags, paging, error bodies, and
// the one way a refusal is put into words. Every pattern and limit the spec states is here, once.
import { z } from 'zod';
import { decimalPlaces } from '../domain/money';

/**
 * The error option of a schema: a missing value is "required", any other wrong value is told
 * `message` (zod's own when none). Enums and literals need it: zod names neither as missing.
 */
export function requiredOr(message?: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : message);
}

/** An enumeration whose refusal lists the allowed values: "must be one of SEND, LAND". */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: requiredOr(`must be one of ${values.join(', ')}`) });
}

/** A fixed value, such as a response's `type`: "must be payment". */
export function fixed<const T extends string>(value: T) {
  return z.literal(value, { error: requiredOr(`must be ${value}`) });
}

export const CurrencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be a 3-letter uppercase ISO 4217 code');
export const CountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be a 2-letter uppercase ISO 3166 code');
export const PurposeCode = z
  .string()
  .regex(/^[A-Z]{4}$/, 'must be 4 uppercase letters (an ISO 20022 purpose code)');

/**
 * A JSON number with at most 3 decimal places (spec "Limits"). zod already refuses NaN and
 * Infinity; the message says so plainly, and a missing amount keeps zod's own "required" form.
 */
export const Amount = z
  .number({ error: requiredOr('must be a finite number') })
  .refine((value) => decimalPlaces(value) <= 3, 'must have at most 3 decimal places');

/** ISO 8601 date-time with a zone (Z or an offset): a time without one is ambiguous money-wise. */
export const DateTime = z.iso.datetime({
  offset: true,
  error: requiredOr('must be an ISO 8601 date-time with a zone, e.g. 2026-12-01T09:00:00Z'),
});
export const DateOnly = z.iso.date({
  error: requiredOr('must be an ISO 8601 date (YYYY-MM-DD)'),
});

/** Key/value pairs (spec: user_tags). */
export const UserTags = z.record(z.string(), z.string());
/** `tags` on beneficiaries and statement items: "Content of tags: not shown", so any values. */
export const Tags = z.record(z.string(), z.unknown());

/** An identifier or other text that must be given and must not be empty. */
export const NonEmptyText = z.string().min(1, 'must not be empty');

/** Paging as answered by list calls; requests put skip and take in the query. */
export const Paging = z.object({ skip: z.int().min(0), take: z.int().min(0) });
export type Paging = z.infer<typeof Paging>;

/**
 * Whether a page is its list's last: empty, or shorter than the take the service applied, as
 * its paging says. The spec leaves the largest take open (DESIGN.md): a service that gives at
 * most 100 a page answers a take of 500 with 100 items and `take: 100`, and that page is not
 * the last, though it is shorter than the take asked.
 */
export function isLastPage(
  page: { items: readonly unknown[]; paging: Paging },
  asked: number,
): boolean {
  return page.items.length === 0 || page.items.length < Math.min(asked, page.paging.take);
}

/** Page sizes where the spec is silent on the maximum (DESIGN.md): default 50, at most 500. */
export const DEFAULT_TAKE = 50;
export const MAX_TAKE = 500;

/** The error body of every call but the token call (spec "Errors"). */
export const ErrorBody = z.object({
  error: z.string(),
  description: z.string(),
  error_code: z.int(),
  /** Possibly repeating error, description, error_code, or timestamp, status, message, path. */
  error_info: z.looseObject({}).optional(),
  sub_code: z.int().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The token call's error: a body with only `error` (spec: 401 "Invalid request"). */
export const TokenErrorBody = z.object({ error: z.string() });
export type TokenErrorBody = z.infer<typeof TokenErrorBody>;

/**
 * Every issue as `path: message`, joined by "; ", e.g.
 * "items[3].amount.amount: must have at most 3 decimal places; source.id: required".
 * The sandbox puts this in its 400 `description`; the client in its refusals of an answer.
 */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = formatPath(issue.path);
      const message = issueMessage(issue);
      return path ? `${path}: ${message}` : message;
    })
    .join('; ');
}

/** ['items', 3, 'amount', 'amount'] -> "items[3].amount.amount"; odd names quoted: tag["a b"]. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => {
      if (typeof key === 'number') return `[${key}]`;
      const name = String(key);
      if (!/^[A-Za-z_$][\w$]*$/.test(name)) return `[${JSON.stringify(name)}]`;
      return index === 0 ? name : `.${name}`;
    })
    .join('');
}

function issueMessage(issue: z.core.$ZodIssue): string {
  // zod names a missing property as a value of the wrong type that "received undefined".
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return 'required';
  if (issue.code === 'unrecognized_keys') return `unknown properties ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_key')
    return `invalid name: ${issue.issues.map(issueMessage).join(', ')}`;
  // "Invalid input: expected string, received number" reads better without its prefix.
  return issue.message.replace(/^(Invalid input|Invalid option|Too small|Too big): /, '');
}

// Query parameters arrive as text. These parse them with messages that name what is allowed,
// so that '1.5', '-1' and 'abc' are refused as what they are, never read as something else.

/** A whole-number query parameter within bounds: '10' yes; '1.5', '-1', 'abc', '' no. */
export function wholeNumberParam(min: number, max?: number) {
  const message =
    max === undefined
      ? `must be a whole number of at least ${min}`
      : `must be a whole number from ${min} to ${max}`;
  const range = z.int(message).min(min, message);
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(max === undefined ? range : range.max(max, message));
}

/** A boolean query parameter: exactly 'true' or 'false'. */
export const BooleanParam = z
  .enum(['true', 'false'], { error: requiredOr('must be true or false') })
  .transform((value) => value === 'true');

/**
 * What shared code reads of a URLSearchParams. shared/ compiles without Node's and the DOM's
 * types (tsconfig.shared.json), so it names the few members it uses; every runtime's
 * URLSearchParams fits.
 */
export interface SearchParams extends Iterable<[string, string]> {
  get(name: string): string | null;
  getAll(name: string): string[];
}

/** Query parameters in order, as `new URLSearchParams(entries)` takes them. */
export type SearchEntries = [string, string][];

/** Repeated query parameters as an array, or undefined when absent. */
export function repeatedParam(params: SearchParams, name: string): string[] | undefined {
  const values = params.getAll(name);
  return values.length > 0 ? values : undefined;
}

/** A single query parameter, or undefined when absent. */
export function singleParam(params: SearchParams, name: string): string | undefined {
  return params.get(name) ?? undefined;
}

/** The object without its undefined properties: absent parameters stay absent. */
export function definedOnly(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
