import { describe, expect, it } from 'vitest';
import {
  BeneficiaryCreateBody,
  BeneficiaryImportJob,
  BeneficiaryPutBody,
  BeneficiaryValidationRequest,
  describeZodError,
  ErrorBody,
  PaymentGroup,
  PaymentImportJob,
  TokenRequest,
  WalletStatement,
} from '../../../shared/service';

const beneficiary = {
  country: 'GB',
  currency: 'GBP',
  entity: {
    individual_first_name: 'Ada',
    individual_last_name: 'Lovelace',
    date_of_birth: '1815-12-10',
  },
  bank_details: { account_name: 'Ada Lovelace', bank_code: '601613', account_number: '31926819' },
};

describe('resource schemas', () => {
  it('take the entity type as entity_type on POST and as type on PUT', () => {
    expect(
      BeneficiaryCreateBody.safeParse({ ...beneficiary, entity_type: 'INDIVIDUAL' }).success,
    ).toBe(true);
    expect(BeneficiaryPutBody.safeParse({ ...beneficiary, type: 'INDIVIDUAL' }).success).toBe(true);
    const missing = BeneficiaryPutBody.safeParse({ ...beneficiary, entity_type: 'INDIVIDUAL' });
    expect(!missing.success && describeZodError(missing.error)).toContain('type: ');
  });

  it('require country, currency, entity and bank_details on beneficiaries', () => {
    for (const property of ['country', 'currency', 'entity', 'bank_details']) {
      const result = BeneficiaryCreateBody.safeParse({
        ...beneficiary,
        entity_type: 'BUSINESS',
        [property]: undefined,
      });
      expect(!result.success && describeZodError(result.error)).toContain(`${property}: required`);
    }
  });

  it('require account_country and account_currency in validation items, and keep what else was sent', () => {
    const ok = BeneficiaryValidationRequest.parse({
      items: [
        {
          id: 'x',
          entity: {},
          bank_details: { account_country: 'DE', account_currency: 'EUR', extra: 1 },
        },
      ],
    });
    expect(ok.items[0]?.bank_details).toMatchObject({ extra: 1 });
    const missing = BeneficiaryValidationRequest.safeParse({
      items: [{ entity: {}, bank_details: { account_currency: 'EUR' } }],
    });
    expect(!missing.success && describeZodError(missing.error)).toContain(
      'items[0].bank_details.account_country',
    );
  });

  it('parse import jobs as the spec shows them', () => {
    expect(
      PaymentImportJob.parse({
        job_id: 'j',
        started_at: '2026-11-01T00:00:00Z',
        total: 2,
        processing: 2,
        processed: 0,
        failed: 0,
        status: 'QUEUED',
        progress: [],
      }).status,
    ).toBe('QUEUED');
    const job = BeneficiaryImportJob.parse({
      job_id: 'j',
      started_at: '2026-11-01T00:00:00Z',
      completed_at: '2026-11-01T00:00:01Z',
      total: 1,
      processing: 0,
      processed: 1,
      failed: 1,
      status: 'DONE',
      progress: [
        {
          row: 0,
          status: 'FAILED',
          error: {
            error_code: 422,
            error: 'unprocessable_entity',
            message: 'invalid',
            error_info: {
              valid: false,
              warnings: [],
              errors: [{ properties: ['bank_details'], description: 'x' }],
            },
          },
        },
      ],
    });
    expect(job.progress[0]?.error?.error_code).toBe(422);
  });

  it('parse error bodies with error_info and sub_code, groups and statements', () => {
    expect(
      ErrorBody.parse({
        error: 'Method Not Allowed',
        description: 'x',
        error_code: 405,
        sub_code: 1,
      }).sub_code,
    ).toBe(1);
    expect(TokenRequest.safeParse({ api_key: 'k' }).success).toBe(false);
    const group = PaymentGroup.parse({
      type: 'group',
      id: 'g',
      name: 'n',
      locked: false,
      user_tags: {},
      wallet: { type: 'wallet', id: 'w', currency: 'GBP', name: 'W', balance: 10, owner: 'o' },
      info: {
        funding: { missing_funds: 0 },
        payments: {
          total: 0,
          pending: 0,
          pending_approval: 0,
          issues: 0,
          completed: 0,
          failed: 0,
          routing: 0,
          amount: { amount: 0, currency: 'GBP' },
        },
      },
    });
    expect(group.wallet.currency).toBe('GBP');
    const statement = WalletStatement.parse({
      type: 'wallet',
      id: 'w',
      start_date: 'a',
      end_date: 'b',
      items: [],
      paging: { skip: 0, take: 50 },
    });
    expect(statement.paging.take).toBe(50);
  });
});
