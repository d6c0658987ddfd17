// Which field a header names: "Net Pay (GBP)" is the amount, in GBP; "Sort Code" the bank
// code; "IBAN" the IBAN. Headers are compared after normalising case, accents, punctuation and
// bracketed notes, first exactly against the names real exports use, then by a word only one
// field uses ("Beneficiary IBAN"), then by their words, then by letter pairs so that a typo
// ("Acount Number") still finds its field. Words that only say whose a column is ("Payee",
// "Beneficiary") never outweigh the words that say what it holds.
import { isCurrencyCode } from '../../../../shared/domain/currencies';
import { FIELDS, type FieldId } from './fields';
import { notThisPayment, payersOwn } from './header-exclusions';

export interface HeaderMatch {
  field: FieldId;
  /** 1 for an exact name, less for a match by words or letters. */
  score: number;
  /** How it matched: what a person checking the mapping is told of it (MatchedBy). */
  by: MatchedBy;
  /**
   * For a header that does not say whose its value is ("Currency", "Country"): the field it
   * fills when the sheet's other columns say theirs (column-mapping.ts).
   */
  otherwise?: FieldId;
}

/**
 * How a header found its field, surest first: one of the field's names (after normalising), a
 * word only that field's names use ("Beneficiary IBAN"), all the words of one of its names
 * ("Employee Net Pay"), or letter pairs close to a name word by word (a typo: "Acount Number").
 */
export type MatchedBy = 'name' | 'distinctive word' | 'all words' | 'letter pairs';

/** Below this, a header is left unmapped rather than guessed. */
export const MIN_MATCH_SCORE = 0.72;

/** "Net Pay (GBP)" -> "net pay"; "Bénéficiaire" -> "beneficiaire"; "Acct. No." -> "acct no". */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\(.*?\)|\[.*?\]/g, ' ')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const CURRENCY_SYMBOLS: Record<string, string> = { '£': 'GBP', '€': 'EUR' };

/** The currency a header names: "Amount (USD)", "Net pay in EUR", "Amount £". */
export function headerCurrency(header: string): string | undefined {
  for (const [symbol, code] of Object.entries(CURRENCY_SYMBOLS)) {
    if (header.includes(symbol)) return code;
  }
  for (const match of header.matchAll(/(?:^|[^A-Za-z])([A-Z]{3})(?![A-Za-z])/g)) {
    const code = match[1] ?? '';
    if (isCurrencyCode(code)) return code;
  }
  return undefined;
}

/**
 * Words saying an amount column counts hundredths of the currency: "Amount in Pence" (BACS),
 * "Amount (pence)", "Betrag (ct)", "Amount in minor units". Read from the header as written:
 * normalising drops the bracketed note that often says it.
 */
const HUNDREDTHS = /(?:^|[^\p{L}])(pence|p|pennies|cents?|ct|minor units?)(?![\p{L}])/iu;

/** The unit word an amount header names when its amounts are in hundredths, as written. */
export function headerHundredths(header: string): string | undefined {
  return HUNDREDTHS.exec(header)?.[1]?.toLowerCase();
}

/**
 * Words saying an amount column counts thousands: "Amount (£000)", "Amount (GBP '000)", "Amount
 * in thousands", "Betrag (TEUR)", "Amount (k)", "£k". Read from the header as written.
 */
const THOUSANDS =
  /(?:^|[^\p{L}\p{N}])('?000s?|thousands?|tsd|k|teur|keur|kgbp|kusd)(?![\p{L}\p{N}])/iu;

/** The unit word an amount header names when its amounts are in thousands, as written. */
export function headerThousands(header: string): string | undefined {
  return THOUSANDS.exec(header)?.[1];
}

/**
 * Words that say whose a column is, not what it holds: "Beneficiary IBAN" is an IBAN, "Payee
 * Account" an account number. Alone ("Payee", "Supplier") they name the payee; beside other
 * words they must not outweigh them, which is how "Beneficiary IBAN" once lost to "Beneficiary
 * Name" as a second name column and was left unmapped.
 */
const PARTY_WORDS = new Set(
  'beneficiary payee recipient receiver employee vendor supplier creditor staff contractor beneficiaire beneficiario begunstigde begunstigter empfanger empfaenger lieferant kreditor fournisseur proveedor leverancier crediteur fornitore mitarbeiter werknemer medewerker salarie employe empleado dipendente'.split(
    ' ',
  ),
);

/** Abbreviations exports use, read as the word they stand for ("Acct #" is "account number"). */
const ABBREVIATIONS = new Map([
  ['no', 'number'],
  ['nr', 'number'],
  ['num', 'number'],
  ['acct', 'account'],
  ['amt', 'amount'],
  ['ref', 'reference'],
  ['ccy', 'currency'],
  ['curr', 'currency'],
  ['crcy', 'currency'],
  ['ctry', 'country'],
  ['cntry', 'country'],
]);

/**
 * "paymentReference" -> "payment Reference", "BSBNumber" -> "BSB Number": exports made by
 * programs (Wise's batch file) write their headers in camelCase, one word to a capital.
 */
function splitCamelCase(header: string): string {
  return header.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2');
}

/** A header's words, normalised, with "#" and "A/C" and abbreviations read as words. */
function headerWords(header: string): string[] {
  const name = normaliseHeader(splitCamelCase(header).replace(/#/g, ' no ')).replace(
    /\ba c\b/g,
    'account',
  );
  return name === '' ? [] : name.split(' ').map((word) => ABBREVIATIONS.get(word) ?? word);
}

/** A header's words as one name: "sourceCurrency" -> "source currency", "Acct #" -> "account number". */
export function headerName(header: string): string {
  return headerWords(header).join(' ');
}

/** All of a header's words, those in brackets too: "IBAN (old - do not use)". */
export function allWords(header: string): string {
  const bracketsOpened = splitCamelCase(header).replace(/[()[\]]/g, ' ');
  return ` ${headerWords(bracketsOpened).join(' ')} `;
}

/**
 * The kinds of value a word says a column holds: "Company Code" is a code, never the company's
 * name; "Transaction Code" a type of transaction, not its id. A header of one kind never matches
 * a name of another, by words or by letters.
 */
const KIND_WORDS = new Set(['code', 'id', 'number', 'name', 'date', 'type', 'key']);
const NAME_FIELDS = new Set<FieldId>([
  'name',
  'first_name',
  'last_name',
  'company_name',
  'account_name',
  'bank_name',
]);

function kindsAgree(own: readonly string[], synonym: Synonym): boolean {
  if (
    NAME_FIELDS.has(synonym.field) &&
    own.some((w) => KIND_WORDS.has(w)) &&
    !own.includes('name')
  ) {
    return false;
  }
  // "Number" is often only added ("Reference Number", "Invoice number"), and "code" after
  // "country" is part of its name ("Address Country Code"): they say little.
  return own.every(
    (w, i) =>
      !KIND_WORDS.has(w) ||
      w === 'number' ||
      (w === 'code' && /^(country|currency)$/.test(own[i - 1] ?? '')) ||
      synonym.own.includes(w),
  );
}

/** The words that say what a column holds; all of them when it names only a party. */
function ownWords(words: readonly string[]): string[] {
  const own = words.filter((word) => !PARTY_WORDS.has(word));
  return own.length > 0 ? own : [...words];
}

interface Synonym {
  field: FieldId;
  name: string;
  words: string[];
  own: string[];
  /** The party words the name needs beside its own: "beneficiary" in "beneficiary id". */
  party: string[];
}

const SYNONYMS: Synonym[] = FIELDS.flatMap((field) =>
  [...field.headers, field.template].map((header) => {
    const words = headerWords(header);
    const own = ownWords(words);
    const party = words.filter((word) => !own.includes(word));
    return { field: field.id, name: words.join(' '), words, own, party };
  }),
);

/**
 * Words only one field's headers use: a header holding one is that field whatever else it
 * says ("Beneficiary BIC", "Bank Account IBAN", "Payee Sort Code", "ABA Routing #").
 */
const DISTINCTIVE: readonly (readonly [string, FieldId])[] = [
  ['iban', 'iban'],
  ['bic', 'bic'],
  ['swift', 'bic'],
  ['sort code', 'bank_code'],
  ['sortcode', 'bank_code'],
  ['routing', 'bank_code'],
  ['aba', 'bank_code'],
  ['rtn', 'bank_code'],
  ['bsb', 'bank_code'],
  ['transit', 'bank_code'],
];

/** A header that only names a party ("Vendor"): the name, below any other name column. */
const PARTY_ONLY_SCORE = 0.96;

/** Above any match by words (at most 0.95), below an exact name. */
const DISTINCTIVE_SCORE = 0.97;

function distinctiveField(words: readonly string[]): FieldId | undefined {
  const spaced = ` ${words.join(' ')} `;
  const has = (phrase: string) => spaced.includes(` ${phrase} `);
  const fields = new Set(DISTINCTIVE.filter(([phrase]) => has(phrase)).map(([, id]) => id));
  const [only] = fields;
  // Two fields named ("IBAN / BIC") is one column holding two things: no shortcut. Nor for
  // "Account No / IBAN", which holds either; the account number field takes both.
  if (fields.size !== 1 || (only === 'iban' && has('account number'))) return undefined;
  return only;
}

/** Between the alternatives a header names: "Bank Acct / IBAN", "Account or IBAN". */
const ALTERNATIVES = /\s*(?:\/|\||\bor\b|\boder\b|\bou\b|\bof\b)\s*/i;

/**
 * One column for an account number or an IBAN ("Bank Acct / IBAN"), each alternative naming one
 * of them alone: the account number, which takes both (an IBAN in it is read as one), or the
 * IBAN where another column holds the account numbers. Read as the IBAN column, a UK account
 * number beside its sort code was "an IBAN starts with its country's two letters". "Account
 * Name / IBAN" names no account number: it stays the IBAN.
 */
function accountOrIban(header: string): HeaderMatch | undefined {
  const parts = header.split(ALTERNATIVES).filter((part) => part.trim() !== '');
  if (parts.length < 2) return undefined;
  const fields = new Set(parts.map((part) => matchWords(headerWords(part))?.field));
  if (fields.size !== 2 || !fields.has('iban') || !fields.has('account_number')) return undefined;
  return { field: 'account_number', score: DISTINCTIVE_SCORE, otherwise: 'iban', by: 'all words' };
}

/**
 * "Address Line 2" is a second line, not the first: a small ordinal in a header must be in
 * the name it matches (1 may be left out: "Address" is line 1).
 */
function ordinalsAgree(words: readonly string[], synonym: Synonym): boolean {
  return words.every((word) => !/^[2-9]$/.test(word) || synonym.words.includes(word));
}

/**
 * Names that say what a column holds but not whose: the field they fill otherwise. A person who
 * writes "Amount | Currency" means the amount's currency, and the account's only beside another
 * currency column ("Account currency | Amount | Currency"); "Country" beside an address, or
 * beside a column that names the bank's country, is the address's. Such a header scores below
 * one that says whose, so "Account currency" or "Bank country" takes its field wherever it
 * stands, and the bare one takes what is left.
 */
type Bare = readonly [field: FieldId, otherwise: FieldId];
const CURRENCY: Bare = ['amount_currency', 'account_currency'];
const COUNTRY: Bare = ['bank_country', 'address_country'];
const BARE = new Map<string, Bare>([
  ...['currency', 'currency code', 'currency key', 'devise', 'wahrung', 'moneda', 'valuta'].map(
    (name) => [name, CURRENCY] as const,
  ),
  ...['country', 'country code', 'pays', 'pais', 'land', 'paese'].map(
    (name) => [name, COUNTRY] as const,
  ),
]);

/** Below an exact name, and below a match by words of one that says whose ("Country of bank"). */
const BARE_SCORE = 0.8;

/**
 * Amounts a sheet may show beside the one to pay, which take the amount only when the sheet
 * has no better one: what was invoiced, or its gross or total (an accounts payable list's
 * "Invoice Amount" 1,000 beside "Balance" 600 is a part-paid invoice, whose balance is owed),
 * and SAP's amount in local (company code) currency beside the document currency's, which is
 * the invoice's own. Scored below any exact name ("Balance", "Amount Due", "Amount in DC"), but
 * above a match by words, so that "Invoice Amount" still beats "Amount Paid", which is what
 * was paid already.
 */
const LESSER_AMOUNTS = new Set([
  ...['invoice amount', 'invoice total', 'gross amount', 'gross', 'total', 'total amount'],
  ...['brutto', 'bruttobetrag', 'rechnungsbetrag'],
  ...['amount in lc', 'amount in local currency', 'amount in company code currency'],
  ...['local currency amount', 'company code currency amount', 'amount lc'],
]);
const LESSER_AMOUNT_SCORE = 0.9;

/**
 * Names that mean their field alone but something else beside other words, or spelt a letter
 * apart: "Net" is the net amount, "Net 30" payment terms; "State" an address's, "Workflow
 * state" or "Estate" none; "Region" an address's, "Sales region" none.
 */
const EXACT_ONLY = new Set(['net', 'state', 'region', 'county', 'province']);

/** Longer than any header: a cell of prose or data, not worth comparing letter by letter. */
const MAX_HEADER_CHARS = 120;

export function matchHeader(header: string): HeaderMatch | undefined {
  if (header.length > MAX_HEADER_CHARS) return undefined;
  const words = headerWords(header);
  if (words.length === 0) return undefined;
  if (words[0] === 'tag' && words.length > 1) return { field: 'user_tag', score: 1, by: 'name' };
  const all = allWords(header);
  if (notThisPayment(all, words.join(' '))) return undefined;
  const match = accountOrIban(header) ?? matchWords(words);
  if (match && payersOwn(all, match.field)) return undefined;
  // "Payee country" is as bare as "Country", but "Beneficiary currency", a name of its own,
  // says whose.
  const bare =
    BARE.get(words.join(' ')) ??
    (match?.score === 1 ? undefined : BARE.get(ownWords(words).join(' ')));
  return bare ? { field: bare[0], score: BARE_SCORE, otherwise: bare[1], by: 'name' } : match;
}

function matchWords(words: readonly string[]): HeaderMatch | undefined {
  const name = words.join(' ');
  if (LESSER_AMOUNTS.has(name)) return { field: 'amount', score: LESSER_AMOUNT_SCORE, by: 'name' };
  const exact = SYNONYMS.find((synonym) => synonym.name === name);
  // "Vendor" beside "Name 1" (SAP) or "Vendor name" is the vendor's number: a name that only
  // says whose a column is yields to one that says it holds the name.
  if (exact)
    return {
      field: exact.field,
      score: exact.words.every((w) => PARTY_WORDS.has(w)) ? PARTY_ONLY_SCORE : 1,
      by: 'name',
    };
  const distinctive = distinctiveField(words);
  if (distinctive) return { field: distinctive, score: DISTINCTIVE_SCORE, by: 'distinctive word' };

  const own = ownWords(words);
  let best: HeaderMatch | undefined;
  const consider = (field: FieldId, score: number, by: MatchedBy) => {
    if (!best || score > best.score) best = { field, score, by };
  };
  for (const synonym of SYNONYMS) {
    // "Employee ID" is not "Beneficiary ID": a name's party words must be in the header.
    if (
      EXACT_ONLY.has(synonym.name) ||
      !ordinalsAgree(words, synonym) ||
      !synonym.party.every((w) => words.includes(w)) ||
      !kindsAgree(own, synonym)
    ) {
      continue;
    }
    // "Employee Net Pay" holds all the words of "net pay": a match, weaker with extra words.
    // Only the words that say what the column holds count, so "Payee" in "Payee Account"
    // neither names the payee nor dilutes "account".
    if (synonym.own.every((word) => own.includes(word))) {
      consider(synonym.field, 0.75 + 0.2 * (synonym.own.length / own.length), 'all words');
    }
    // Letter pairs catch typos ("Acount Number"); compared word for word, so that a long
    // shared prefix ("Beneficiary …") does not make two different columns look alike.
    // Each word must be near its own: "Account Type" is not "Amount Type".
    if (
      synonym.own.length === own.length &&
      own.every((word, i) => dice(word, synonym.own[i] ?? '') >= MIN_WORD_LIKENESS)
    ) {
      consider(synonym.field, dice(own.join(' '), synonym.own.join(' ')) * 0.95, 'letter pairs');
    }
  }
  return best && best.score >= MIN_MATCH_SCORE ? best : undefined;
}

/** A word misspelt ("Acount") is at least this near the word meant by its letter pairs. */
const MIN_WORD_LIKENESS = 0.6;

/** Sørensen–Dice coefficient of letter pairs: 1 for equal strings, 0 for nothing shared. */
function dice(a: string, b: string): number {
  if (a.length < 2 || b.length < 2) return a === b ? 1 : 0;
  const pairs = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i += 1) {
    const pair = a.slice(i, i + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < b.length - 1; i += 1) {
    const pair = b.slice(i, i + 2);
    const count = pairs.get(pair) ?? 0;
    if (count > 0) {
      shared += 1;
      pairs.set(pair, count - 1);
    }
  }
  return (2 * shared) / (a.length + b.length - 2);
}
