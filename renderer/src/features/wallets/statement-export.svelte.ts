// A statement's export to .xlsx or .csv: the period the screen shows, every page of it, with the
// rows written so far as the core reports them, and a cancel. In the browser the file is then
// downloaded; Electron asked where to save it first.
import { desk } from '../../lib/desk';
import { Task } from '../sync/task.svelte';
import { dayOf } from './statement-range';

export type ExportFormat = 'xlsx' | 'csv';

type Exported = Awaited<ReturnType<typeof desk.exportStatement>>;

export class StatementExport {
  readonly task = new Task<Exported>('statement-export');
  #unsubscribe: () => void;

  constructor() {
    this.#unsubscribe = desk.shell.onEvent((event) => {
      if (event.type === 'export.progress' && event.job_id === this.task.jobId) {
        this.task.progress(event.rows, null);
      }
    });
  }

  async run(
    walletId: string,
    walletName: string,
    period: { start: string; end: string },
    format: ExportFormat,
  ): Promise<void> {
    const name = `${walletName} statement ${dayOf(period.start)} to ${dayOf(period.end)}.${format}`;
    const file = await desk.shell.exportTarget(name);
    if (!file) return;
    const written = await this.task.run((jobId) =>
      desk.exportStatement({
        wallet_id: walletId,
        start: period.start,
        end: period.end,
        file,
        force: true,
        job_id: jobId,
      }),
    );
    if (written) await desk.shell.exportWritten(written.file);
  }

  cancel(): void {
    this.task.cancel();
  }

  dispose(): void {
    this.#unsubscribe();
  }
}
