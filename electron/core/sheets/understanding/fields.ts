// The fields a sheet column can fill, with the header names real exports use for them. Column
// mapping matches headers against `headers`; the template workbook writes `template` as its
// column names; coercion reads a cell by `kind`. One list, so that a field added here is
// mapped, templated and checked alike.

export type FieldKind =
  | 'text'
  | 'code' // upper-cased, spaces removed: country, currency, purpose, entity and amount types
  | 'amount'
  | 'date'
  | 'boolean'
  | 'account' // account number or IBAN: text, leading zeros kept
  | 'bank_code' // sort code or routing number: digits, leading zeros restored
  | 'tag';

export interface SheetField {
  id: FieldId;
  /** What a person calls it, in the mapping screen and in messages. */
  label: string;
  /** The column name the template workbook writes. */
  template: string;
  kind: FieldKind;
  /** The draft field it fills, in the spec's names (the field of an issue). */
  target: string;
  /**
   * Header names seen in payroll, ERP and bank exports, in English and the commonest French,
   * German, Spanish and Dutch forms; matched after normalisation (case, accents, punctuation).
   */
  headers: readonly string[];
  /** A note for the template's header cell. */
  note: string;
}

export const FIELD_IDS = [
  'beneficiary_id',
  'entity_type',
  'name',
  'first_name',
  'last_name',
  'company_name',
  'date_of_birth',
  'address_line_1',
  'address_line_2',
  'address_city',
  'address_postal_code',
  'address_country_subdivision',
  'address_country',
  'bank_country',
  'account_currency',
  'account_name',
  'account_number',
  'iban',
  'bank_code',
  'bic',
  'bank_name',
  'amount',
  'amount_currency',
  'amount_type',
  'source_currency',
  'execution_date',
  'purpose',
  'description',
  'correlation_id',
  'approved',
  'user_tag',
] as const;
export type FieldId = (typeof FIELD_IDS)[number];

/** 'a|b|c' -> ['a', 'b', 'c']: long lists of names read better on a line. */
const names = (list: string): readonly string[] => list.split('|');

const B = 'beneficiary.';
const BANK = 'beneficiary.bank_details.';
const ENTITY = 'beneficiary.entity.';

export const FIELDS: readonly SheetField[] = [
  {
    id: 'beneficiary_id',
    label: 'Existing beneficiary id',
    template: 'beneficiary_id',
    kind: 'text',
    target: 'target.id',
    // The Payments Service's own id only: a payroll's or ERP's "Vendor ID" or "Payee ID" is
    // that system's key, and sending it as a contact id would pay no one (or someone else).
    headers: names('beneficiary id|contact id|existing beneficiary'),
    note: 'The id of a beneficiary the service already holds. Leave empty to create one from the columns that follow.',
  },
  {
    id: 'entity_type',
    label: 'Entity type',
    template: 'entity_type',
    kind: 'code',
    target: 'beneficiary.type',
    headers: names(
      'entity type|payee type|beneficiary type|recipient type|receiver type|type of payee|individual or business',
    ),
    note: 'INDIVIDUAL or BUSINESS. Empty: BUSINESS when a company name is given, else INDIVIDUAL.',
  },
  {
    id: 'name',
    label: 'Beneficiary name',
    template: 'name',
    kind: 'text',
    target: `${BANK}account_name`,
    headers: names(
      'beneficiary name|payee name|name|name 1|full name|recipient name|employee name|payee|recipient|beneficiary|employee|supplier|vendor|creditor|contractor|creditor name|supplier name|vendor name|nom|nom du beneficiaire|beneficiaire|empfanger|empfaenger|begunstigter|nombre|beneficiario|naam|begunstigde|zahlungsempfanger|empfangername|name des empfangers|lieferant|kreditor|fournisseur|proveedor|leverancier|crediteur|fornitore|mitarbeiter|mitarbeitername|name des mitarbeiters|mitarbeiterin|angestellter|werknemer|medewerker|naam werknemer|salarie|nom du salarie|employe|empleado|nombre del empleado|dipendente',
    ),
    note: 'The name of the person or company paid; used as the account holder name when none is given.',
  },
  {
    id: 'first_name',
    label: 'First name',
    template: 'individual_first_name',
    kind: 'text',
    target: `${ENTITY}individual_first_name`,
    headers: names('first name|given name|forename|firstname|individual first name|prenom|vorname'),
    note: 'For individuals.',
  },
  {
    id: 'last_name',
    label: 'Last name',
    template: 'individual_last_name',
    kind: 'text',
    target: `${ENTITY}individual_last_name`,
    headers: names(
      'last name|surname|family name|lastname|individual last name|nom de famille|nachname|apellido|apellidos|achternaam',
    ),
    note: 'For individuals.',
  },
  {
    id: 'company_name',
    label: 'Company name',
    template: 'company_name',
    kind: 'text',
    target: `${ENTITY}company_name`,
    headers: names(
      'company name|company|business name|legal name|organisation|organization|raison sociale|firmenname|razon social|ragione sociale|bedrijfsnaam',
    ),
    note: 'For businesses.',
  },
  {
    id: 'date_of_birth',
    label: 'Date of birth',
    template: 'date_of_birth',
    kind: 'date',
    target: `${ENTITY}date_of_birth`,
    headers: names('date of birth|dob|birth date|birthdate'),
    note: 'For individuals, where the bank asks for it. A date such as 1990-04-17.',
  },
  {
    id: 'address_line_1',
    label: 'Address',
    template: 'address_line_1',
    kind: 'text',
    target: `${ENTITY}address_line_1`,
    headers: names('address|address line 1|street|street address|address 1'),
    note: 'Street and number.',
  },
  {
    // The spec's entity has one address line: a second one is added to it, after a comma.
    id: 'address_line_2',
    label: 'Address line 2',
    template: 'address_line_2',
    kind: 'text',
    target: `${ENTITY}address_line_1`,
    headers: names('address line 2|address 2|address2|street 2|street address 2'),
    note: 'Suite, floor or building, where there is one. Added to the address after a comma: the service keeps one address line.',
  },
  {
    id: 'address_city',
    label: 'City',
    template: 'address_city',
    kind: 'text',
    target: `${ENTITY}address_city`,
    headers: names('city|town|town city|address city'),
    note: '',
  },
  {
    id: 'address_postal_code',
    label: 'Postal code',
    template: 'address_postal_code',
    kind: 'text',
    target: `${ENTITY}address_postal_code`,
    headers: names('postal code|postcode|post code|zip|zip code'),
    note: '',
  },
  {
    id: 'address_country_subdivision',
    label: 'State, province or county',
    template: 'address_country_subdivision',
    kind: 'text',
    target: `${ENTITY}address_country_subdivision`,
    // "State", "Region", "County" and "Province" only alone or as listed: beside other words
    // they are other things ("Payout Desk state", "Sales region"; header-matching.ts).
    headers: names(
      'state|province|county|region|subdivision|country subdivision|address country subdivision|state province|state or province|province state|state county|address state|address province|address region|address county|bundesland|provincia|provincie',
    ),
    note: 'State, province or county, such as NY or Ontario, where the address has one.',
  },
  {
    id: 'address_country',
    label: 'Address country',
    template: 'address_country',
    kind: 'code',
    target: `${ENTITY}address_country`,
    headers: names('address country|country of residence|residence country'),
    note: 'Two letters, such as GB.',
  },
  {
    id: 'bank_country',
    label: 'Bank country',
    template: 'country',
    kind: 'code',
    target: `${B}country`,
    // A bare "Country" (or "Beneficiary country") is the bank's only where the sheet has no
    // address and no column that names the bank's country: header-matching.ts.
    headers: names(
      'bank country|country|account country|beneficiary country|country code|bank country code|beneficiary bank country|country of bank|pays|pais|pays de la banque|land der bank|pais del banco|land|bankland|paese',
    ),
    note: 'Two letters, such as GB. Empty: taken from the IBAN, or the bank code column: a sort code (GB), a routing number (US), a BSB (AU), a transit number (CA).',
  },
  {
    id: 'account_currency',
    label: 'Account currency',
    template: 'currency',
    kind: 'code',
    target: `${B}currency`,
    // A bare "Currency" is the amount's, unless another column takes that: header-matching.ts.
    headers: names(
      'account currency|beneficiary currency|payee currency|receiving currency|recipient currency|target currency|currency of account|devise du compte|kontowahrung',
    ),
    note: 'Three letters, such as GBP. Empty: the amount currency, else the currency of the bank country, else the wallet currency.',
  },
  {
    id: 'account_name',
    label: 'Account holder name',
    template: 'account_name',
    kind: 'text',
    target: `${BANK}account_name`,
    headers: names(
      'account name|account holder|account holder name|name on account|bank account name|kontoinhaber|titulaire du compte|titular de la cuenta|rekeninghouder|intestatario del conto',
    ),
    note: 'As the bank knows it.',
  },
  {
    id: 'account_number',
    label: 'Account number',
    template: 'account_number',
    kind: 'account',
    target: `${BANK}account_number`,
    headers: names(
      'account number|account no|account|bank account|bank account number|acct number|acct no|account nr|numero de compte|kontonummer|numero de cuenta|rekeningnummer|konto nr|acc no|no de compte|n de compte',
    ),
    note: 'Kept as text: leading zeros stay. An IBAN may go here too.',
  },
  {
    id: 'iban',
    label: 'IBAN',
    template: 'iban',
    kind: 'account',
    target: `${BANK}account_number`,
    headers: names('iban|iban number|international bank account number'),
    note: 'Spaces and lower case are fine.',
  },
  {
    id: 'bank_code',
    label: 'Bank code, sort code or routing number',
    template: 'bank_code',
    kind: 'bank_code',
    target: `${BANK}bank_code`,
    headers: names(
      'bank code|sort code|sortcode|routing number|aba|aba routing number|routing|bsb|branch code|transit number|aba number|abartn|bank key',
    ),
    note: 'A UK sort code (6 digits), a US ABA routing number (9 digits), an Australian BSB (6 digits) or a Canadian transit and institution number. Kept as text.',
  },
  {
    id: 'bic',
    label: 'BIC / SWIFT',
    template: 'bank_identifier_code',
    kind: 'code',
    target: `${BANK}bank_identifier_code`,
    headers: names('bic|swift|swift code|bic code|swift bic|bank identifier code'),
    note: '8 or 11 characters.',
  },
  {
    id: 'bank_name',
    label: 'Bank name',
    template: 'bank_name',
    kind: 'text',
    target: `${BANK}bank_name`,
    headers: names('bank name|bank'),
    note: '',
  },
  {
    id: 'amount',
    label: 'Amount',
    template: 'amount',
    kind: 'amount',
    target: 'amount.amount',
    headers: names(
      'amount|net|nett|net pay|net amount|take home pay|take home|payment amount|amount to pay|pay amount|net salary|value|total|sum|payout|payout amount|gross amount|amount due|invoice amount|montant|betrag|importe|bedrag|importo|montant net|nettobetrag|auszahlungsbetrag|uberweisungsbetrag|zahlbetrag|montant a payer|net a payer|importe a pagar|te betalen bedrag|balance|open balance|balance due|amount outstanding|outstanding amount|outstanding balance|amount in dc|amount in fc|amount in document currency|amount in transaction currency|amount in foreign currency',
    ),
    note: 'Above zero, at most 3 decimals (and no more than the currency has).',
  },
  {
    id: 'amount_currency',
    label: 'Amount currency',
    template: 'amount_currency',
    kind: 'code',
    target: 'amount.currency',
    headers: names(
      'amount currency|payment currency|currency of amount|pay currency|currency|currency code|devise|wahrung|moneda|valuta',
    ),
    note: 'Only when the amount is in another currency than the wallet (SEND) or the account (LAND).',
  },
  {
    id: 'amount_type',
    label: 'Amount type',
    template: 'amount_type',
    kind: 'code',
    target: 'amount.type',
    headers: names('amount type|send or land|amount basis'),
    note: 'SEND: the amount leaves the wallet. LAND: the amount arrives. Empty: SEND.',
  },
  {
    // The balance paid from (Wise's sourceCurrency): only the wallet's can be (row-to-draft.ts).
    id: 'source_currency',
    label: 'Source currency',
    template: 'source_currency',
    kind: 'code',
    target: 'source',
    headers: names('source currency|wallet currency'),
    note: "The currency the payment is paid from: the wallet's. Empty: the wallet's.",
  },
  {
    id: 'execution_date',
    label: 'Payment date',
    template: 'execution_date',
    kind: 'date',
    target: 'execution.date',
    headers: names(
      'execution date|payment date|pay date|pay on|value date|date|payout date|due date|transfer date|settlement date|date d execution|date de paiement|date de virement|datum|ausfuhrungsdatum|zahlungsdatum|fecha|fecha de pago|uitvoeringsdatum|zahldatum|uberweisungsdatum|ausfuhrungstermin|falligkeitsdatum|falligkeit|valutadatum|date d echeance|date de reglement|date valeur|fecha de ejecucion|fecha valor|fecha de vencimiento|betaaldatum|vervaldatum|data di pagamento|data pagamento|data scadenza|data valuta',
    ),
    note: 'The day the payment is sent, such as 2026-12-31.',
  },
  {
    id: 'purpose',
    label: 'Purpose code',
    template: 'purpose',
    kind: 'code',
    target: 'purpose',
    headers: names('purpose|purpose code|payment purpose'),
    note: 'An ISO 20022 purpose code such as SALA (salary) or SUPP (supplier). Empty: SALA.',
  },
  {
    id: 'description',
    label: 'Reference',
    template: 'description',
    kind: 'text',
    target: 'description',
    headers: names(
      'description|reference|payment reference|remittance information|remittance info|remittance|memo|narrative|details|payment details|note|invoice number|invoice|comment|libelle|verwendungszweck|buchungstext|text|referenz|concepto|omschrijving|causale|motif',
    ),
    note: 'Sent with the payment; the beneficiary sees it.',
  },
  {
    id: 'correlation_id',
    label: 'Your reference id',
    template: 'correlation_id',
    kind: 'text',
    target: 'correlation_id',
    headers: names(
      'correlation id|external id|external reference|transaction id|payment id|your reference|unique id|end to end id|end to end reference|e2e id|endtoendid',
    ),
    note: 'Your own unique id for the payment. Empty: one is made.',
  },
  {
    id: 'approved',
    label: 'Approved',
    template: 'approved',
    kind: 'boolean',
    target: 'approved',
    headers: names('approved|approve|approval|ready to pay|authorised|authorized'),
    note: 'TRUE marks the payment approved at the service, ready to execute once sent.',
  },
  {
    id: 'user_tag',
    label: 'Tag (the header is the key)',
    template: 'tag:department',
    kind: 'tag',
    target: 'user_tags',
    headers: [],
    note: 'Any column can become a tag: its header is the key, its cell the value.',
  },
];

const BY_ID = new Map(FIELDS.map((field) => [field.id, field]));

export function field(id: FieldId): SheetField {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`unknown sheet field ${id}`);
  return found;
}

export function isFieldId(value: string): value is FieldId {
  return BY_ID.has(value as FieldId);
}
