// The wizard's steps and the small readings of an inspection its components share: where a
// preview cell sits, which issues are at it, and how sure the mapping is of a column, in words.
import type { DraftIssue, SheetInspection } from '../../../../shared/desk';

export const STEPS = [
  { id: 'file', label: 'File' },
  { id: 'sheet', label: 'Sheet' },
  { id: 'header', label: 'Header row' },
  { id: 'mapping', label: 'Column mapping' },
  { id: 'preview', label: 'Preview' },
  { id: 'import', label: 'Import' },
] as const;
export type StepId = (typeof STEPS)[number]['id'];

export type Confidence = NonNullable<SheetInspection['columns'][number]['confidence']>;

/** The badge's word, and what it means for the title. */
export const CONFIDENCE: Record<Confidence, { label: string; meaning: string }> = {
  given: { label: 'Given', meaning: 'you chose this field' },
  saved: { label: 'Saved', meaning: 'from the mapping saved for these headers' },
  exact: { label: 'Exact', meaning: 'the header names this field' },
  likely: { label: 'Likely', meaning: 'the header is close to this field' },
  weak: { label: 'Weak', meaning: 'a guess from the values: check it' },
};

/** A column's place in the row's cells: A is 0, Z 25, AA 26. */
export function columnIndex(letter: string): number {
  let index = 0;
  for (const char of letter.toUpperCase()) index = index * 26 + (char.charCodeAt(0) - 64);
  return index - 1;
}

export type PreviewRow = SheetInspection['preview'][number];

/** A row's issues by the cell they sit at (`D7`); those at no column shown go with the row. */
export function issuesByCell(
  row: PreviewRow,
  letters: ReadonlySet<string>,
): { cells: Map<string, DraftIssue[]>; row: DraftIssue[] } {
  const cells = new Map<string, DraftIssue[]>();
  const atRow: DraftIssue[] = [];
  for (const issue of row.issues) {
    const letter = issue.cell?.replace(/\d+$/, '');
    if (letter && letters.has(letter)) {
      const list = cells.get(letter) ?? [];
      list.push(issue);
      cells.set(letter, list);
    } else atRow.push(issue);
  }
  return { cells, row: atRow };
}

export const hasError = (row: PreviewRow): boolean =>
  row.issues.some((issue) => issue.severity === 'error');

/** "2 errors, 1 warning" */
export function issueCounts(issues: readonly { severity: 'error' | 'warning' }[]): string {
  const errors = issues.filter((issue) => issue.severity === 'error').length;
  const warnings = issues.length - errors;
  const parts = [];
  if (errors) parts.push(`${errors} error${errors === 1 ? '' : 's'}`);
  if (warnings) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`);
  return parts.join(', ');
}

/** The field select's value for a column: '' for "Not used". */
export const fieldValue = (field: string | null): string => field ?? '';
