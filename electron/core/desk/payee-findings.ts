// The service's findings on a payee, as the fields a person fixes: an import row's
// `error_info` (each finding names `properties`, JSON paths into the payee) and a refused PUT's
// description (the per-item fallback), both as `beneficiary.…` fields the form and the list name,
// their messages with the field names in words (service-words.ts).
import type { PayeeFinding } from '../../../shared/desk/beneficiary-import';
import type { ImportFinding } from '../../../shared/service';
import type { ServiceCallError } from '../client';
import { inPlainWords } from '../../../shared/domain/service-words';

/** A path the service names (`bank_details.bank_code`, `$.entity`) as the payee's field. */
export function fieldOf(path: string): string {
  const bare = path.replace(/^\$\.?/, '');
  return bare ? `beneficiary.${bare}` : 'beneficiary';
}

/** One finding at each property it names (at the payee as a whole when it names none). */
export function findingsOf(found: ImportFinding[]): PayeeFinding[] {
  return found.flatMap((finding) =>
    (finding.properties.length > 0 ? finding.properties : ['']).map((property) => ({
      field: fieldOf(property),
      message: inPlainWords(finding.description),
    })),
  );
}

/**
 * A refused PUT (the per-item fallback) as findings: the sandbox's description lists
 * `path: message` pairs after "in body:"; anything else stays whole, at the payee.
 */
export function findingsOfCallError(error: ServiceCallError | undefined): PayeeFinding[] {
  return listedFindings(error?.description ?? error?.message ?? 'refused by the service').map(
    (finding) => ({ ...finding, message: inPlainWords(finding.message) }),
  );
}

function listedFindings(text: string): PayeeFinding[] {
  const listed = /in body: (.*)$/s.exec(text)?.[1];
  if (!listed) return [{ field: 'beneficiary', message: text }];
  return listed.split('; ').map((part) => {
    const at = part.indexOf(': ');
    return at < 0
      ? { field: 'beneficiary', message: part }
      : { field: fieldOf(part.slice(0, at)), message: part.slice(at + 2) };
  });
}
