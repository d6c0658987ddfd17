// What a fresh sandbox holds: wallets in three currencies with funding accounts, payment
// groups (one locked), active beneficiaries with valid bank details per schema. Fixed data,
// so that demos and screenshots look the same on every machine.
export interface SeedWallet {
  key: string;
  name: string;
  currency: string;
  funding: { name: string; country: string; account_number: string; bic: string; iban: string };
  /** Typical monthly top-up and payout size, in whole units. */
  topUp: number;
  payout: [number, number];
}

export const SEED_OWNER = 'a3c1f0de-5b7e-4c3a-9d2e-6f1b0c8e7a41';

export const SEED_WALLETS: SeedWallet[] = [
  {
    key: 'gbp',
    name: 'UK Payroll',
    currency: 'GBP',
    funding: {
      name: 'Payout Desk Demo Ltd',
      country: 'GB',
      account_number: '31926819',
      bic: 'NWBKGB2L',
      iban: 'GB29NWBK60161331926819',
    },
    topUp: 120_000,
    payout: [900, 4_800],
  },
  {
    key: 'eur',
    name: 'EU Operations',
    currency: 'EUR',
    funding: {
      name: 'Payout Desk Demo GmbH',
      country: 'DE',
      account_number: '0532013000',
      bic: 'COBADEFFXXX',
      iban: 'DE89370400440532013000',
    },
    topUp: 90_000,
    payout: [150, 6_500],
  },
  {
    key: 'usd',
    name: 'US Contractors',
    currency: 'USD',
    funding: {
      name: 'Payout Desk Demo Inc',
      country: 'US',
      account_number: '000123456789',
      bic: 'CHASUS33',
      iban: '',
    },
    topUp: 60_000,
    payout: [300, 3_900],
  },
];

export interface SeedGroup {
  name: string;
  description: string;
  wallet: string;
  locked: boolean;
  userTags: Record<string, string>;
  /** Payments made last month from this group, COMPLETED and on the statement. */
  completedPayouts?: number;
  /** Unapproved payments waiting in this group, for the delete-with-clear case. */
  pendingPayouts?: number;
}

export const SEED_GROUPS: SeedGroup[] = [
  {
    name: 'Payroll this month',
    description: 'Monthly salaries, UK staff',
    wallet: 'gbp',
    locked: false,
    userTags: { dept: 'hr', cycle: 'monthly' },
  },
  {
    name: 'Payroll last month',
    description: 'Monthly salaries, UK staff (closed)',
    wallet: 'gbp',
    locked: true,
    userTags: { dept: 'hr', cycle: 'monthly' },
    completedPayouts: 3,
  },
  {
    name: 'EU suppliers',
    description: 'Supplier invoices paid from the EUR wallet',
    wallet: 'eur',
    locked: false,
    userTags: { dept: 'finance' },
  },
  {
    name: 'Customer refunds',
    description: 'Refunds awaiting approval',
    wallet: 'eur',
    locked: false,
    userTags: { dept: 'support' },
    pendingPayouts: 2,
  },
  {
    name: 'US contractors Q4',
    description: 'Quarterly contractor invoices',
    wallet: 'usd',
    locked: false,
    userTags: { dept: 'engineering' },
  },
];

export interface SeedBeneficiary {
  entity_type: 'INDIVIDUAL' | 'BUSINESS';
  country: string;
  currency: string;
  entity: Record<string, string>;
  bank_details: Record<string, string>;
}

export const SEED_BENEFICIARIES: SeedBeneficiary[] = [
  {
    entity_type: 'INDIVIDUAL',
    country: 'GB',
    currency: 'GBP',
    entity: {
      individual_first_name: 'Amelia',
      individual_last_name: 'Hughes',
      address_line_1: '12 Park Lane',
      address_city: 'Leeds',
      address_country: 'GB',
      address_postal_code: 'LS1 4AB',
    },
    bank_details: {
      account_name: 'Amelia Hughes',
      bank_code: '601613',
      account_number: '31926819',
      bank_name: 'NatWest',
    },
  },
  {
    entity_type: 'INDIVIDUAL',
    country: 'GB',
    currency: 'GBP',
    entity: {
      individual_first_name: 'Oliver',
      individual_last_name: 'Patel',
      address_city: 'Manchester',
      address_country: 'GB',
    },
    bank_details: {
      account_name: 'Oliver Patel',
      bank_code: '200000',
      account_number: '55779911',
      bank_name: 'Barclays',
    },
  },
  {
    entity_type: 'INDIVIDUAL',
    country: 'GB',
    currency: 'GBP',
    entity: {
      individual_first_name: 'Siân',
      individual_last_name: 'Llewellyn',
      address_city: 'Cardiff',
      address_country: 'GB',
    },
    bank_details: {
      account_name: 'Siân Llewellyn',
      bank_code: '309634',
      account_number: '12345678',
      bank_name: 'Lloyds',
    },
  },
  {
    entity_type: 'BUSINESS',
    country: 'DE',
    currency: 'EUR',
    entity: { company_name: 'Müller Logistik GmbH', address_city: 'Köln', address_country: 'DE' },
    bank_details: {
      account_name: 'Müller Logistik GmbH',
      account_number: 'DE89370400440532013000',
      bank_identifier_code: 'COBADEFFXXX',
    },
  },
  {
    entity_type: 'INDIVIDUAL',
    country: 'FR',
    currency: 'EUR',
    entity: {
      individual_first_name: 'Chloé',
      individual_last_name: 'Lefèvre',
      address_city: 'Lyon',
      address_country: 'FR',
    },
    bank_details: { account_name: 'Chloé Lefèvre', account_number: 'FR1420041010050500013M02606' },
  },
  {
    entity_type: 'BUSINESS',
    country: 'NL',
    currency: 'EUR',
    entity: {
      company_name: 'De Vries Design B.V.',
      address_city: 'Utrecht',
      address_country: 'NL',
    },
    bank_details: {
      account_name: 'De Vries Design B.V.',
      account_number: 'NL91ABNA0417164300',
      bank_identifier_code: 'ABNANL2A',
    },
  },
  {
    entity_type: 'INDIVIDUAL',
    country: 'US',
    currency: 'USD',
    entity: {
      individual_first_name: 'Marcus',
      individual_last_name: 'Johnson',
      address_city: 'Austin',
      address_country: 'US',
      address_country_subdivision: 'TX',
    },
    bank_details: {
      account_name: 'Marcus Johnson',
      bank_code: '021000021',
      account_number: '123456789',
      bank_name: 'JPMorgan Chase',
    },
  },
  {
    entity_type: 'BUSINESS',
    country: 'US',
    currency: 'USD',
    entity: {
      company_name: 'Bayside Analytics LLC',
      address_city: 'Oakland',
      address_country: 'US',
      address_country_subdivision: 'CA',
    },
    bank_details: {
      account_name: 'Bayside Analytics LLC',
      bank_code: '011000015',
      account_number: '9876543210',
      bank_name: 'Federal Reserve Bank',
    },
  },
];
