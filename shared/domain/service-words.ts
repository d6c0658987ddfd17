// The service words its findings on a payee for a developer: "bank_identifier_code (the BIC,
// unless account_number is an IBAN) is required". A person fixing the payee reads the fields
// as the forms name them; the service's own answer is kept as it came, where the sync records it.

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
