// The DeskApi contract: every method has an input schema that takes what a face sends and
// refuses what it must not, and the desk answers every method, refusing bad input before any
// work is done, in the one error shape.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESK_METHOD_NAMES,
  DESK_METHODS,
  DeskError,
  DeskErrorShape,
  type DeskMethodName,
} from '../../../shared/desk';
import { createDesk, type Desk } from '../../../electron/core/desk';

const ID = '0b6f2a36-4a1e-4c1e-9d55-58cf1f7d8a10';

/** For each method: inputs it takes, and inputs it refuses. */
const EXAMPLES: Record<DeskMethodName, { valid: unknown[]; invalid: unknown[] }> = {
  listProfiles: { valid: [{}], invalid: [null] },
  addProfile: {
    valid: [
      {
        name: 'Production EU',
        kind: 'production',
        base_url: 'https://api.example.com/v1',
        auth_url: 'https://auth.example.com',
        credentials: { api_key: 'k', client_secret: 's' },
      },
    ],
    invalid: [
      {
        name: 'Plain',
        kind: 'sandbox',
        base_url: 'http://api.example.com',
        auth_url: 'https://a.example.com',
      },
      {
        name: 'Local',
        kind: 'local',
        base_url: 'https://a.example.com',
        auth_url: 'https://a.example.com',
      },
      {
        name: 'Two\nlines',
        kind: 'sandbox',
        base_url: 'https://a.example.com',
        auth_url: 'https://a.example.com',
      },
      {
        name: 'Not a certificate',
        kind: 'sandbox',
        base_url: 'https://a.example.com',
        auth_url: 'https://a.example.com',
        ca_pem: 'hello',
      },
    ],
  },
  removeProfile: { valid: [{ name: 'Production EU' }], invalid: [{}, { name: '' }] },
  setCredentials: {
    valid: [
      { name: 'P', api_key: 'k', client_secret: 's' },
      { name: 'P', api_key: 'k', client_secret: 's', keep_in_memory: true },
    ],
    invalid: [{ name: 'P', api_key: '', client_secret: 's' }],
  },
  removeCredentials: { valid: [{ name: 'P' }], invalid: [{}, { name: '' }] },
  testConnection: { valid: [{}, { name: 'P' }], invalid: [{ name: 3 }] },
  selectProfile: { valid: [{ name: 'Local sandbox' }], invalid: [{}] },
  status: { valid: [{}], invalid: [7] },
  getSettings: { valid: [{}], invalid: [[]] },
  auditLog: {
    valid: [{}, { skip: 50, take: 200, action: 'approve' }],
    invalid: [{ take: 0 }, { take: 201 }, { skip: -1 }],
  },
  exportAuditLog: {
    valid: [{ file: 'audit.csv' }, { file: 'audit.xlsx', force: true, job_id: 'audit-1' }],
    invalid: [{}],
  },
  saveSettings: {
    valid: [
      {},
      { chunk_size: 250, execution_date_rule: 'next_weekday', default_purpose: 'SUPP' },
      { default_purpose: null, service_approval: 'approved', second_approver: true },
    ],
    invalid: [
      { chunk_size: 0 },
      { chunk_size: 1001 },
      { default_purpose: 'ABCD' },
      { execution_date_rule: 'someday' },
      { service_approval: 'maybe' },
    ],
  },
  listBatches: { valid: [{}], invalid: ['all'] },
  getBatch: { valid: [{ batch: 'January' }], invalid: [{ batch: '' }] },
  renameBatch: {
    valid: [{ batch: 'January', name: 'January payroll' }],
    invalid: [
      { batch: 'January', name: '  ' },
      { batch: 'January', name: 'a\nb' },
    ],
  },
  deleteBatch: {
    valid: [{ batch: ID }, { batch: ID, job_id: 'delete-1' }],
    invalid: [{}, { batch: ID, job_id: 'has spaces' }],
  },
  setBatchGroup: {
    valid: [{ batch: 'January', group_id: 'g-1' }],
    invalid: [{ batch: 'January' }],
  },
  setServiceApproval: {
    valid: [{ batch: 'January', service_approval: 'approved' }],
    invalid: [{ batch: 'January', service_approval: 'yes' }],
  },
  draftWindow: {
    valid: [
      { batch: 'January' },
      {
        batch: 'January',
        skip: 50_000,
        take: 100,
        sort: { by: 'amount', direction: 'desc' },
        filter: { states: ['draft', 'failed'], with_errors: true, text: 'lovelace' },
        locate: ID,
      },
    ],
    invalid: [
      { batch: 'January', locate: '' },
      { batch: 'January', take: 0 },
      { batch: 'January', take: 5000 },
      { batch: 'January', skip: -1 },
      { batch: 'January', sort: { by: 'colour' } },
      { batch: 'January', filter: { states: ['lost'] } },
    ],
  },
  getDraft: { valid: [{ id: ID }], invalid: [{ id: '' }] },
  editDraft: {
    valid: [
      { id: ID, changes: { 'amount.amount': '12.50' } },
      { id: ID, changes: { description: null, approved: true } },
    ],
    invalid: [
      { id: ID, changes: {} },
      { id: ID, changes: { 'source.id': 'another-group' } },
      { id: ID, changes: { 'amount.amount': 12.5 } },
    ],
  },
  editDrafts: {
    valid: [
      {
        batch: 'January',
        edits: [
          { id: ID, changes: { 'amount.amount': '12.50' } },
          { id: ID, changes: { description: 'June' } },
        ],
      },
    ],
    invalid: [
      { batch: 'January', edits: [] },
      { batch: 'January', edits: [{ id: ID, changes: {} }] },
      { edits: [{ id: ID, changes: { description: 'June' } }] },
      {
        batch: 'January',
        // More rows than one paste may change (MOST_PASTED_DRAFTS): a bulk edit changes more.
        edits: Array.from({ length: 2_001 }, (_, n) => ({
          id: `${ID}-${n}`,
          changes: { purpose: 'SALA' },
        })),
      },
    ],
  },
  bulkEdit: {
    valid: [{ batch: 'January', selection: { filter: {} }, changes: { purpose: 'SUPP' } }],
    invalid: [
      { batch: 'January', selection: { filter: {} }, changes: { 'amount.amount': '1' } },
      { batch: 'January', selection: { ids: [] }, changes: { purpose: 'SUPP' } },
      // A code the service does not know would make an error of every draft changed.
      { batch: 'January', selection: { filter: {} }, changes: { purpose: 'xyz' } },
    ],
  },
  deleteDrafts: {
    valid: [{ batch: 'January', selection: { ids: [ID] } }],
    invalid: [{ batch: 'January', selection: {} }],
  },
  undo: { valid: [{ batch: 'January' }], invalid: [{}] },
  approve: {
    valid: [
      { batch: 'January', selection: { filter: {} } },
      { batch: 'January', selection: { ids: [ID] }, include_warnings: true },
      { batch: 'January', selection: { rows: [2, 5, 6] } },
    ],
    invalid: [
      { batch: 'January' },
      { batch: 'January', selection: { filter: {} }, include_warnings: 'y' },
      { batch: 'January', selection: { rows: [] } },
      { batch: 'January', selection: { rows: [0] } },
      { batch: 'January', selection: { rows: ['5'] } },
    ],
  },
  unapprove: {
    valid: [{ batch: 'January', selection: { filter: { states: ['approved'] } } }],
    invalid: [{ batch: 'January', selection: 'all' }],
  },
  inspectSheet: {
    valid: [
      { file: '/tmp/payroll.xlsx' },
      { file: 'a.csv', header_row: 4, mapping: { Net: 'amount', Notes: null } },
    ],
    invalid: [
      { file: '' },
      { file: 'a.csv', header_row: 0 },
      { file: 'a.csv', preview_rows: 10_000 },
    ],
  },
  importSheet: {
    valid: [
      { file: 'a.csv' },
      {
        file: 'a.csv',
        batch_name: 'January',
        group_id: 'g-1',
        service_approval: 'for_approval',
        job_id: 'import-1',
      },
    ],
    invalid: [
      { file: 'a.csv', batch_name: '' },
      { file: 'a.csv', date_order: 'YDM' },
      { file: 'a.csv', job_id: 'has spaces' },
    ],
  },
  listMappings: { valid: [{}], invalid: [false] },
  deleteMapping: { valid: [{ key: 'k' }], invalid: [{ key: '' }] },
  writeTemplate: {
    valid: [{ file: 'template.xlsx' }, { file: 'template.csv', force: true }],
    invalid: [{}],
  },
  exportResults: {
    valid: [{ batch: 'January', file: 'out.xlsx' }],
    invalid: [{ batch: 'January' }],
  },
  syncPreview: { valid: [{ batch: 'January' }], invalid: [{ batch: 7 }] },
  validateBeneficiaries: {
    valid: [
      { batch: 'January', job_id: 'v1' },
      { batch: 'January', beneficiaries: [ID] },
    ],
    invalid: [{}, { batch: 'January', beneficiaries: [] }],
  },
  sync: {
    valid: [{ batch: 'January' }, { batch: 'January', chunk_size: 1000, job_id: 'sync-1' }],
    invalid: [
      { batch: 'January', chunk_size: 0 },
      { batch: 'January', chunk_size: 1001 },
    ],
  },
  cancelSync: { valid: [{ batch: 'January' }], invalid: [{}] },
  cancelJob: { valid: [{ job_id: 'sync-1' }], invalid: [{ job_id: '' }] },
  retryFailed: {
    valid: [{ batch: 'January' }],
    invalid: [{ batch: 'January', selection: { ids: [] } }],
  },
  approveAtService: { valid: [{ batch: 'January' }], invalid: [{ batch: '' }] },
  listGroups: {
    valid: [{}, { query: { locked: [false], take: 20, tag: { team: ['a'] } } }],
    invalid: [{ query: { take: 'lots' } }, { query: { colour: 'red' } }],
  },
  previewGroupDelete: { valid: [{ group_id: 'g-1' }], invalid: [{}] },
  deleteGroup: { valid: [{ group_id: 'g-1', clear: true }], invalid: [{ group_id: 'g-1' }] },
  getWallet: { valid: [{ wallet_id: 'w-1' }], invalid: [{ wallet: 'w-1' }] },
  getStatement: {
    valid: [
      {
        wallet_id: 'w-1',
        start: '2030-01-01T00:00:00Z',
        end: '2030-01-31T23:59:59.999Z',
        take: 500,
      },
    ],
    invalid: [
      { wallet_id: 'w-1', start: '2030-02-01T00:00:00Z', end: '2030-01-01T00:00:00Z' },
      { wallet_id: 'w-1', start: '2030-01-01' },
      { wallet_id: 'w-1', take: 501 },
    ],
  },
  exportStatement: {
    valid: [{ wallet_id: 'w-1', file: 'statement.csv' }],
    invalid: [{ wallet_id: 'w-1', file: 'statement.csv', page_size: 0 }],
  },
  findInStatement: {
    valid: [
      { wallet_id: 'w-1', action: 'DEBIT' },
      { wallet_id: 'w-1', search: 'hopper', start: '2030-01-01T00:00:00Z', skip: 50, take: 500 },
    ],
    invalid: [
      { wallet_id: 'w-1' },
      { wallet_id: 'w-1', search: '   ' },
      { wallet_id: 'w-1', action: 'REFUND' },
      { wallet_id: 'w-1', action: 'DEBIT', take: 501 },
      { wallet_id: 'w-1', search: 'x', start: '2030-02-01T00:00:00Z', end: '2030-01-01T00:00:00Z' },
    ],
  },
  listBeneficiaries: {
    valid: [
      {},
      { skip: 100, take: 500, search: 'hopper 3192', batch: 'January', status: 'invalid' },
      { saved_here: true, status: 'draft' },
    ],
    invalid: [
      { take: 0 },
      { take: 501 },
      { skip: -1 },
      { search: 'x'.repeat(201) },
      { batch: '' },
      { status: 'lost' },
      { saved_here: 'yes' },
    ],
  },
  getBeneficiary: { valid: [{ id: ID }], invalid: [{ id: '' }, {}] },
  editBeneficiary: {
    valid: [
      { id: ID, changes: { 'beneficiary.bank_details.bank_code': '601613' } },
      { id: ID, changes: { 'beneficiary.country': 'DE', 'beneficiary.entity.company_name': null } },
    ],
    invalid: [
      { id: ID, changes: {} },
      { id: ID, changes: { 'amount.amount': '12.50' } },
      { id: ID, changes: { 'beneficiary.bank_details.colour': 'red' } },
      { id: ID, changes: { 'beneficiary.country': true, 'amount.type': 'SEND' } },
    ],
  },
  createBeneficiary: {
    valid: [
      {
        changes: {
          'beneficiary.type': 'INDIVIDUAL',
          'beneficiary.entity.individual_first_name': 'Mary',
          'beneficiary.country': 'GB',
        },
      },
    ],
    invalid: [
      {},
      { changes: {} },
      { changes: { 'amount.amount': '12.50' } },
      { changes: { 'beneficiary.bank_details.colour': 'red' } },
    ],
  },
  importBeneficiaries: {
    valid: [
      { batch: 'June' },
      { beneficiaries: [ID], job_id: 'payees-1', chunk_size: 1000 },
      { beneficiaries: Array.from({ length: 100_000 }, (_, n) => `b-${n}`) },
      { saved_here: true },
    ],
    invalid: [
      {},
      { saved_here: false },
      { saved_here: true, batch: 'June' },
      { batch: 'June', beneficiaries: [ID] },
      { beneficiaries: [] },
      { beneficiaries: [''] },
      { batch: 'June', chunk_size: 1001 },
      { batch: 'June', chunk_size: 0 },
      { beneficiaries: Array.from({ length: 100_001 }, (_, n) => `b-${n}`) },
    ],
  },
  statementLinks: {
    valid: [
      { payment_ids: [ID] },
      { payment_ids: Array.from({ length: 500 }, (_, n) => `p-${n}`) },
    ],
    invalid: [
      {},
      { payment_ids: [] },
      { payment_ids: [''] },
      { payment_ids: Array.from({ length: 501 }, (_, n) => `p-${n}`) },
    ],
  },
  reconcileBatch: {
    valid: [{ batch: 'June' }, { batch: ID, job_id: 'reconcile-1' }],
    invalid: [{}, { batch: '' }, { batch: 'June', job_id: 'not a job id' }],
  },
  fundingNeed: { valid: [{}, { profile: 'Local sandbox' }], invalid: [{ profile: 5 }] },
};

describe('the DeskApi contract', () => {
  it('has examples for every method, and every example names a method', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...DESK_METHOD_NAMES].sort());
  });

  describe.each(DESK_METHOD_NAMES)('%s', (method) => {
    const schema = DESK_METHODS[method].input;
    it.each(EXAMPLES[method].valid.map((input) => [JSON.stringify(input), input]))(
      'takes %s',
      (_, input) => {
        const parsed = schema.safeParse(input);
        expect(parsed.error?.issues ?? []).toEqual([]);
      },
    );
    it.each(EXAMPLES[method].invalid.map((input) => [JSON.stringify(input), input]))(
      'refuses %s',
      (_, input) => {
        expect(schema.safeParse(input).success).toBe(false);
      },
    );
  });
});

describe('the desk', () => {
  let dataDir: string;
  let desk: Desk;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'payout-desk-contract-'));
    desk = createDesk({ dataDir, secretStore: null });
  });
  afterAll(async () => {
    await desk.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each(DESK_METHOD_NAMES)(
    'answers %s, refusing input that does not fit before doing anything',
    async (method) => {
      const [invalid] = EXAMPLES[method].invalid;
      const refused = await desk.call(method, invalid).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DeskError);
      const shape = (refused as DeskError).toShape();
      expect(DeskErrorShape.parse(shape)).toMatchObject({ code: 'invalid_input' });
      expect(shape.message).not.toBe('');
    },
  );

  it('speaks to a person in every face: no flag or environment variable in its messages', async () => {
    const failures = await Promise.all([
      desk.call('getBatch', { batch: 'February' }).catch((e: DeskError) => e),
      desk
        .call('setCredentials', { name: 'Nowhere', api_key: 'k', client_secret: 's' })
        .catch((e: DeskError) => e),
      desk.call('listGroups', { profile: 'Nowhere' }).catch((e: DeskError) => e),
      desk.call('writeTemplate', { file: 'template.txt' }).catch((e: DeskError) => e),
    ]);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(DeskError);
      expect((failure as DeskError).message).not.toMatch(/--[a-z]|PAYOUT_DESK_|payout-desk /);
    }
  });
});
