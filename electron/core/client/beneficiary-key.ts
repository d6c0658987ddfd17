// How a refusal under the spec's beneficiary-key rule ("only the key's own owner record can be
// updated") reads to a person: which profile, why, and what to do. One wording for a desk
// error and for the issue a sync leaves on a draft.
import type { ServiceCallError } from './service-error';

const WHAT_TO_DO = 'use a profile whose API key covers the whole account';

/** Why: the profile's key is a beneficiary key, and what such a key may do. */
function why(profile: string | undefined): string {
  const whose = profile === undefined ? 'This profile' : `Profile "${profile}"`;
  return `${whose} uses a beneficiary key, which may update only its own beneficiary record`;
}

/** For any call the rule refused: "… so the service refused to list payment groups: use …". */
export function beneficiaryKeyMessage(error: ServiceCallError): string {
  const operation = error.operation.replace(/^put /, 'create or update ');
  return `${why(error.profile)}, so the service refused to ${operation}: ${WHAT_TO_DO}`;
}

/** For the draft whose new payee the rule kept from being created or updated. */
export function beneficiaryKeyIssue(error: ServiceCallError): string {
  return `${why(error.profile)}: the service refused to create or update this payee. To sync it, ${WHAT_TO_DO}`;
}
