// Payments (spec: "Payment", PUT /payments/payments/{id}, POST /payments/payments/import).
// Requests require exactly what the spec lists; the response parses what a deployment adds.
import { z } from 'zod';
import { DEFAULT_PURPOSE } from '../domain/purpose-codes';
import {
  Amount,
  CurrencyCode,
  DateTime,
  fixed,
  NonEmptyText,
  oneOf,
  PurposeCode,
  UserTags,
} from './common';

/** amount.type and execution.type: the amount credited (LAND) or debited (SEND). */
export const AmountType = oneOf(['SEND', 'LAND']);
export type AmountType = z.infer<typeof AmountType>;

/**
 * The spec gives no default for amount.type; ours is SEND, the amount leaving the wallet.
 * The spec is silent on the sign too: a payout of zero or less is refused, never sent.
 */
export const PaymentAmount = z.object({
  type: AmountType.default('SEND'),
  amount: Amount.refine((amount) => amount > 0, 'must be greater than 0'),
  currency: CurrencyCode.optional(),
});
export type PaymentAmount = z.infer<typeof PaymentAmount>;

/** execution.type defaults to amount.type at the service (spec), so it stays absent here. */
export const PaymentExecution = z.object({
  type: AmountType.optional(),
  date: DateTime,
  margin: z.int().min(0, 'must be a whole number of hours, 0 or more').optional(),
});
export type PaymentExecution = z.infer<typeof PaymentExecution>;

export const PaymentFinal = z.object({
  is_final: z.boolean().optional(),
  expected: DateTime.optional(),
});
export type PaymentFinal = z.infer<typeof PaymentFinal>;

export const Attachment = z.object({
  id: z.string().optional(),
  title: z.string().optional(),
  url: NonEmptyText,
});
export type Attachment = z.infer<typeof Attachment>;

/** `type` must be `group`; omitted, it is `group` (the only value the spec allows). */
export const PaymentSource = z.object({
  type: fixed('group').default('group'),
  id: NonEmptyText,
});
/** `type` is `contact`; omitted, it is `contact`. `id` is the beneficiary's id. */
export const PaymentTarget = z.object({
  type: fixed('contact').default('contact'),
  id: NonEmptyText,
});

/** An external identifier of up to 100 characters (alphanumerics, - and _ recommended). */
export const CorrelationId = z
  .string()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters');

/**
 * PUT /payments/payments/{id}. `correlation_id` is bulk-only in the spec; it is also accepted
 * here so that a chunk recovered item by item after a crash keeps its correlation ids.
 */
export const PaymentBody = z.object({
  description: z.string().optional(),
  purpose: PurposeCode.default(DEFAULT_PURPOSE),
  source: PaymentSource,
  target: PaymentTarget,
  approved: z.boolean().optional(),
  amount: PaymentAmount,
  execution: PaymentExecution,
  final: PaymentFinal.optional(),
  attachments: z.array(Attachment).optional(),
  user_tags: UserTags.optional(),
  correlation_id: CorrelationId.optional(),
});
export type PaymentBody = z.infer<typeof PaymentBody>;

/** One item of a bulk import: the PUT body, an optional id, a correlation_id and a signature. */
export const PaymentImportItem = PaymentBody.extend({
  id: NonEmptyText.optional(),
  correlation_id: CorrelationId,
  signature: z.string().optional(),
});
export type PaymentImportItem = z.infer<typeof PaymentImportItem>;

export const PaymentImportRequest = z.object({
  items: z.array(PaymentImportItem).min(1, 'must hold at least one item'),
});
export type PaymentImportRequest = z.infer<typeof PaymentImportRequest>;

export const PaymentRequestStatus = oneOf([
  'PENDING',
  'COMPLETED',
  'FAILED',
  'PROCESSING',
  'PARTIAL',
  'CANCELLED',
  'PROCESSED',
]);
export type PaymentRequestStatus = z.infer<typeof PaymentRequestStatus>;

const Money = z.object({ currency: CurrencyCode, amount: z.number() });

/** Response only: credit once processed, funding until then, debit, rate and fees. */
export const PaymentInfo = z.object({
  status: PaymentRequestStatus,
  credit: Money.optional(),
  /** Funding must reach the wallet by `date` for the payment to execute on time. */
  funding: Money.extend({ date: DateTime }).optional(),
  debit: Money.optional(),
  rate: z.number().optional(),
  fees: z.number().optional(),
});
export type PaymentInfo = z.infer<typeof PaymentInfo>;

/** A payment as the service answers it: every stored field, with fields it adds dropped. */
export const Payment = z.object({
  id: z.string(),
  type: fixed('payment'),
  correlation_id: z.string().optional(),
  description: z.string().optional(),
  purpose: PurposeCode.optional(),
  source: z.object({ type: z.string(), id: z.string() }),
  target: z.object({ type: z.string(), id: z.string() }),
  approved: z.boolean().optional(),
  amount: z.object({
    type: AmountType.optional(),
    amount: Amount,
    currency: CurrencyCode.optional(),
  }),
  execution: z.object({ type: AmountType.optional(), date: DateTime, margin: z.int().optional() }),
  final: PaymentFinal.optional(),
  /** An empty array and an empty object when none were given (spec). */
  attachments: z.array(Attachment).default([]),
  user_tags: UserTags.default({}),
  signature: z.string().optional(),
  info: PaymentInfo,
});
export type Payment = z.infer<typeof Payment>;
