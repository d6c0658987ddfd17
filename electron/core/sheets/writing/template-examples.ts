// The rows a fresh template carries: one payment of each common shape, every one valid, so a
// person can see what a good row looks like and the importer's checks pass on them as they are,
// but for one: an import knows them by their correlation ids and blocks them, so that an example
// left in the sheet is never paid. The bank details are the published test details of each
// scheme, never a real person's.
import type { FieldId } from '../understanding/fields';

/**
 * The correlation ids of the example rows, in their order: an import knows the template's own
 * rows by them, so that an example left in the sheet is not paid as if it were a payee. Only
 * these: a person's own id that happens to start with EXAMPLE- is theirs.
 */
export const EXAMPLE_CORRELATION_IDS = ['EXAMPLE-0001', 'EXAMPLE-0002', 'EXAMPLE-0003'] as const;

/** Whether a correlation id is one the template gave an example row. */
export function isExampleCorrelationId(id: string): boolean {
  return (EXAMPLE_CORRELATION_IDS as readonly string[]).includes(id);
}

export type TemplateValue = string | number | boolean | Date;
/** A template row keyed by field id (or template column name); tags by `tag:<key>`. */
export type TemplateRow = Partial<Record<FieldId | string, TemplateValue>>;

/**
 * Three valid payments: a UK individual paid by sort code, a French individual by IBAN and a
 * US business by ABA routing number. Dates are UTC midnights, which exceljs writes as whole
 * day serials: the same calendar day in every time zone. The payment date is a weekday at
 * least a week after `today`, so the examples are not refused as being in the past.
 */
export function exampleTemplateRows(today: Date = new Date()): TemplateRow[] {
  const paymentDate = weekdayAtLeastAWeekAfter(today);
  return [
    {
      entity_type: 'INDIVIDUAL',
      name: 'Jane Smith',
      first_name: 'Jane',
      last_name: 'Smith',
      date_of_birth: utcDay(1988, 4, 17),
      address_line_1: '10 Downing Street',
      address_city: 'London',
      address_postal_code: 'SW1A 2AA',
      address_country: 'GB',
      bank_country: 'GB',
      account_currency: 'GBP',
      account_name: 'Jane Smith',
      account_number: '31926819',
      bank_code: '601613',
      amount: 2450.5,
      amount_type: 'SEND',
      execution_date: paymentDate,
      purpose: 'SALA',
      description: 'Salary',
      correlation_id: EXAMPLE_CORRELATION_IDS[0],
      approved: false,
      'tag:department': 'Engineering',
    },
    {
      entity_type: 'INDIVIDUAL',
      name: 'Camille Martin',
      first_name: 'Camille',
      last_name: 'Martin',
      address_line_1: '8 rue de Rivoli',
      address_city: 'Paris',
      address_postal_code: '75004',
      address_country: 'FR',
      bank_country: 'FR',
      account_currency: 'EUR',
      account_name: 'Camille Martin',
      iban: 'FR1420041010050500013M02606',
      amount: 3120.75,
      amount_type: 'SEND',
      execution_date: paymentDate,
      purpose: 'SALA',
      description: 'Salaire',
      correlation_id: EXAMPLE_CORRELATION_IDS[1],
      approved: false,
      'tag:department': 'Sales',
    },
    {
      entity_type: 'BUSINESS',
      name: 'Acme Supplies Inc.',
      company_name: 'Acme Supplies Inc.',
      address_line_1: '350 Fifth Avenue',
      address_city: 'New York',
      address_postal_code: '10118',
      address_country: 'US',
      bank_country: 'US',
      account_currency: 'USD',
      account_name: 'Acme Supplies Inc.',
      account_number: '9876543210',
      bank_code: '011000015',
      amount: 12800,
      amount_type: 'SEND',
      execution_date: paymentDate,
      purpose: 'SUPP',
      description: 'Invoice 2041',
      correlation_id: EXAMPLE_CORRELATION_IDS[2],
      approved: false,
      'tag:department': 'Procurement',
    },
  ];
}

function utcDay(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day));
}

function weekdayAtLeastAWeekAfter(today: Date): Date {
  const day = utcDay(today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate() + 7);
  const weekday = day.getUTCDay();
  if (weekday === 6) day.setUTCDate(day.getUTCDate() + 2);
  if (weekday === 0) day.setUTCDate(day.getUTCDate() + 1);
  return day;
}
