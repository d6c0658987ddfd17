// The statement narrowed by action and words over its whole period: the core reads the period
// page by page (the service cannot filter), with the lines read so far and a cancel; the
// matches are then paged here like the statement's own pages. A new question cancels the one
// still running, so that typing a word does not queue searches.
import type { DeskInput, StatementMatches } from '../../../../shared/desk';
import { desk } from '../../lib/desk';
import { Task } from '../sync/task.svelte';
import { lineOf } from './statement-lines';

type Question = Omit<DeskInput<'findInStatement'>, 'job_id'>;

export class StatementFinder {
  readonly task = new Task<StatementMatches>('statement-search');
  matches = $state<StatementMatches | null>(null);
  /** Matches found so far, while the period is read. */
  matchedSoFar = $state(0);
  readonly lines = $derived(this.matches?.items.map(lineOf) ?? []);
  readonly error = $derived(
    this.task.error === null
      ? null
      : this.task.code === 'offline'
        ? 'The service could not be reached and this period was not read before: it cannot be searched offline.'
        : this.task.code === 'cancelled'
          ? 'Search cancelled: the lines shown are from the last search that finished.'
          : this.task.error,
  );
  #running: Promise<unknown> = Promise.resolve();
  #unsubscribe: () => void;

  constructor() {
    this.#unsubscribe = desk.shell.onEvent((event) => {
      if (event.type === 'statement.progress' && event.job_id === this.task.jobId) {
        this.task.progress(event.scanned, null);
        this.matchedSoFar = event.matched;
      }
    });
  }

  async find(question: Question): Promise<StatementMatches | null> {
    if (this.task.running) {
      this.cancel();
      await this.#running;
    }
    this.matchedSoFar = 0;
    const running = this.task.run((jobId) => desk.findInStatement({ ...question, job_id: jobId }));
    this.#running = running;
    const found = await running;
    if (found) this.matches = found;
    return found;
  }

  cancel(): void {
    this.task.cancel();
  }

  clear(): void {
    if (this.task.running) this.cancel();
    this.matches = null;
  }

  dispose(): void {
    this.clear();
    this.#unsubscribe();
  }
}
