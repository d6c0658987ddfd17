// The service words its findings for a developer: "bank_identifier_code (the BIC, unless
// account_number is an IBAN) is required", "validation failed in body: amount: amount.amount does
// not cover the fee of 0.25 GBP". A person fixing the payee or the payment reads the fields as
// the forms name them; the service's own answer is kept as it came, where the sync records it.

/** Field names as a person says them; any other one loses its underscores. */
const WORDS: Record<string, string> = {
  bank_identifier_code: 'BIC',
  account_name: 'account holder name',
  account_country: 'bank country',
  account_currency: 'account currency',
  individual_first_name: 'first name',
  individual_last_name: 'last name',
  entity_type: 'payee type',
};

/** A field name or path (`account_number`, `bank_details.account_name`): lower-case words joined by `_`. */
const FIELD_NAME = /\b(?:[a-z]+(?:_[a-z]+)*\.)*[a-z]+(?:_[a-z]+)+\b/g;

/**
 * The service's message with the field names it uses in words. Quoted text is what the payee
 * holds ("john_smith"), never a field name: it stays as written.
 */
export function inPlainWords(message: string): string {
  return message
    .split(/("[^"]*")/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(FIELD_NAME, (path) => {
            const name = path.slice(path.lastIndexOf('.') + 1);
            return WORDS[name] ?? name.replace(/_/g, ' ');
          }),
    )
    .join('');
}

/**
 * The most specific text of a recorded service error, on one line: its description, else its
 * message, else its error code; anything else as JSON rather than lost.
 */
export function serviceErrorText(error: unknown): string | null {
  if (error === null || error === undefined) return null;
  if (typeof error === 'string') return oneLine(error);
  if (typeof error === 'object') {
    const fields = error as Record<string, unknown>;
    for (const key of ['description', 'message', 'error']) {
      const text = fields[key];
      if (typeof text === 'string' && text.trim() !== '') return oneLine(text);
    }
  }
  return oneLine(JSON.stringify(error));
}

/** A recorded service error (a payment's refusal) as a person reads it; null when none. */
export function serviceRefusal(error: unknown): string | null {
  const text = serviceErrorText(error);
  return text === null ? null : refusalInWords(text);
}

/** "validation failed in body: " and the like: where the service looked, not what it found. */
const WHERE_IT_LOOKED = /^validation failed in (?:body|query|path)\s*:\s*/i;
/** A payload path: `amount.amount`, `items[3].correlation_id`, `execution.date`. */
const PATH = /\b(?:[a-z]+(?:_[a-z]+)*(?:\[\d+\])?\.)+[a-z]+(?:_[a-z]+)*\b/g;
/** "path: what is wrong", one finding of several joined by "; ". */
const LABELLED = /^([a-z_]+(?:\[\d+\])?(?:\.[a-z_]+(?:\[\d+\])?)*)\s*:\s*(.*)$/;

/**
 * A service's refusal in words: "validation failed in body: amount: amount.amount does not
 * cover the fee of 0.25 GBP" reads "Amount does not cover the fee of 0.25 GBP". Each finding's
 * path is named by its field ("execution date: …"), left out where the finding names it again;
 * quoted text stays as written.
 */
export function refusalInWords(text: string): string {
  const findings = oneLine(text)
    .replace(WHERE_IT_LOOKED, '')
    .split(/;\s+/)
    .map((finding) => {
      const labelled = LABELLED.exec(finding);
      if (!labelled) return pathsInWords(finding);
      const [, path = '', said = ''] = labelled;
      const field = pathInWords(path);
      const words = pathsInWords(said);
      return words.startsWith(field) ? words : `${field}: ${words}`;
    });
  const sentence = findings.join('; ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** A payload path as its field's words: `items[3].execution.date` -> "execution date". */
function pathInWords(path: string): string {
  const parts = path.replace(/\[\d+\]/g, '').split('.');
  if (parts[0] === 'items' && parts.length > 1) parts.shift();
  const named = PATH_WORDS[parts.join('.')];
  if (named) return named;
  // The last part names the field; the one before it only where the last says little alone.
  const last = parts.at(-1) ?? path;
  const before = parts.at(-2);
  const words = WORDS[last] ?? last.replace(/_/g, ' ');
  return before && before !== last && GENERIC.has(last)
    ? `${before.replace(/_/g, ' ')} ${words}`
    : words;
}

/** A payment's paths that say what they are only whole. */
const PATH_WORDS: Record<string, string> = {
  'source.id': 'group',
  'target.id': 'payee',
};

/** Parts that name a field only with their container: `execution.date`, `amount.currency`. */
const GENERIC = new Set(['date', 'id', 'type', 'currency']);

function pathsInWords(text: string): string {
  return inPlainWords(
    text
      .split(/("[^"]*")/)
      .map((part, i) => (i % 2 === 1 ? part : part.replace(PATH, pathInWords)))
      .join(''),
  );
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
