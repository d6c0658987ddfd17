// What the command line adds to a desk error: the flag or command to reach for. The desk's own
// messages name none, so that they fit a window as well.
import type { DeskError } from '../../shared/desk';

export function hintFor(error: DeskError, command: string): string {
  const details = error.details ?? {};
  switch (error.code) {
    case 'offline':
      return ' — check the connection and the profile addresses, then try again';
    case 'unauthorized':
      return ' — check the profile credentials: add it again with PAYOUT_DESK_API_KEY and PAYOUT_DESK_CLIENT_SECRET set, or set them for this run';
    case 'keychain_unavailable':
      // Adding, the variables are already set: that is how the credentials came. The profile
      // can still be saved without them, and they given at each run instead.
      if (command === 'profile') {
        return '. The profile was not saved: to save it without its credentials, add it again with PAYOUT_DESK_API_KEY and PAYOUT_DESK_CLIENT_SECRET unset, then set them at each command that uses it';
      }
      return ' — or set PAYOUT_DESK_API_KEY and PAYOUT_DESK_CLIENT_SECRET to use them for this run only';
    case 'no_credentials':
      return ' — or set PAYOUT_DESK_API_KEY and PAYOUT_DESK_CLIENT_SECRET to use them for this run only';
    case 'tls':
      return " — check the profile's address, and its certificate file (--ca) for a private deployment";
    case 'conflict':
      if (typeof details.file === 'string') return ' (--force replaces it)';
      return '';
    case 'bad_file':
      return details.reason === 'no_payment_list'
        ? ' (--sheet NAME chooses the sheet; --mapping FILE gives the columns by their headers, or by their letters for a sheet without a header row, every row then a payment, such as {"A": "bank_code", "B": "account_number", "C": "name", "D": "amount", "E": "execution_date"})'
        : '';
    case 'not_found':
      return /^no batch /.test(error.message) ? ': payout-desk batches lists them' : '';
    case 'invalid_input':
      if (details.locked === true && command === 'import') {
        return '. Choose another with --group ID (payout-desk groups --locked false lists them)';
      }
      return '';
    default:
      return '';
  }
}
