// Payments (spec: "Payment", PUT /payments/payments/{id}, POST /payments/payments/import).
import { z } from 'zod';
import { DEFAULT_PURPOSE } from '../domain/purpose-codes';
import { Amount, CurrencyCode, DateTime, PurposeCode, UserTags } from './common';

export const AmountType = z.enum(['SEND', 'LAND']);

export const PaymentAmount = z.object({
  type: AmountType.default('SEND'),
  amount: Amount,
  currency: CurrencyCode.optional(),
});

export const PaymentExecution = z.object({
  type: AmountType.optional(),
  date: DateTime,
  margin: z.int().min(0).optional(),
});

export const PaymentFinal = z.object({
  is_final: z.boolean().optional(),
  expected: DateTime.optional(),
});

export const Attachment = z.object({
  id: z.string().optional(),
  title: z.string().optional(),
  url: z.string().min(1),
});

export const PaymentSource = z.object({
  type: z.literal('group').default('group'),
  id: z.string().min(1),
});
export const PaymentTarget = z.object({
  type: z.literal('contact').default('contact'),
  id: z.string().min(1),
});

/** An external identifier: up to 100 characters, unique (spec); alphanumerics, - and _ recommended. */
export const CorrelationId = z.string().min(1).max(100);

const paymentFields = {
  description: z.string().max(1000).optional(),
  purpose: PurposeCode.default(DEFAULT_PURPOSE),
  source: PaymentSource,
  target: PaymentTarget,
  approved: z.boolean().optional(),
  amount: PaymentAmount,
  execution: PaymentExecution,
  final: PaymentFinal.optional(),
  attachments: z.array(Attachment).optional(),
  user_tags: UserTags.optional(),
  signature: z.string().optional(),
};

/**
 * PUT /payments/payments/{id}. `correlation_id` is bulk-only in the spec; we also accept it
 * here so that a chunk recovered item by item after a crash keeps its correlation ids.
 */
export const PaymentBody = z.object({ ...paymentFields, correlation_id: CorrelationId.optional() });
export type PaymentBody = z.infer<typeof PaymentBody>;

export const PaymentImportItem = z.object({
  ...paymentFields,
  id: z.string().min(1).optional(),
  correlation_id: CorrelationId,
});
export type PaymentImportItem = z.infer<typeof PaymentImportItem>;

export const PaymentImportRequest = z.object({ items: z.array(PaymentImportItem).min(1) });
export type PaymentImportRequest = z.infer<typeof PaymentImportRequest>;

export const PaymentRequestStatus = z.enum([
  'PENDING',
  'COMPLETED',
  'FAILED',
  'PROCESSING',
  'PARTIAL',
  'CANCELLED',
  'PROCESSED',
]);
export type PaymentRequestStatus = z.infer<typeof PaymentRequestStatus>;

const Money = z.object({ currency: z.string(), amount: z.number() });

export const PaymentInfo = z.object({
  status: PaymentRequestStatus,
  credit: Money.optional(),
  funding: Money.extend({ date: z.string() }).optional(),
  debit: Money.optional(),
  rate: z.number().optional(),
  fees: z.number().optional(),
});
export type PaymentInfo = z.infer<typeof PaymentInfo>;

/** A payment as the service answers it: lenient about what it adds. */
export const Payment = z.object({
  id: z.string(),
  type: z.string(),
  description: z.string().optional(),
  purpose: z.string().optional(),
  source: z.object({ type: z.string(), id: z.string() }),
  target: z.object({ type: z.string(), id: z.string() }),
  approved: z.boolean().optional(),
  amount: z.object({
    type: AmountType.optional(),
    amount: z.number(),
    currency: z.string().optional(),
  }),
  execution: z.object({
    type: AmountType.optional(),
    date: z.string(),
    margin: z.number().optional(),
  }),
  final: PaymentFinal.optional(),
  attachments: z.array(Attachment).default([]),
  user_tags: UserTags.default({}),
  signature: z.string().optional(),
  info: PaymentInfo,
});
export type Payment = z.infer<typeof Payment>;
