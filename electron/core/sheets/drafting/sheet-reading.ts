// The importer's side of the sheet-reading worker: the chosen sheet and its header, then its
// rows as they arrive. The worker's memory is capped, so a file that would need more than a
// payment list ever does is refused instead of swelling the app.
import { Worker } from 'node:worker_threads';
import type {
  ReadingMessage,
  ReadingRequest,
  RowsSent,
  SheetChosen,
} from './sheet-reading-protocol';
import { SheetFileError, type CellRange } from '../reading/sheet-types';
import { workerExecArgv, workerScript } from './worker-script';

export interface SheetReading extends SheetChosen {
  /**
   * The rows below the header, in order, each a draft or a reason to skip it, in the batches the
   * worker sent them in: taken a batch at a time, not a row at a time through an await each.
   */
  batches: AsyncIterable<RowsSent>;
  /**
   * Tells the worker that this many batches have been written: it may read as many more. Until
   * then they count as the importer's backlog, which decides who drafts the next rows
   * (sheet-reading-worker.ts) and bounds the rows in memory.
   */
  written(batches: number): void;
  /** Merged ranges of the sheet; complete once the rows have been read. */
  merges(): readonly CellRange[];
  /** Stops the worker; safe to call more than once. */
  close(): Promise<void>;
}

/**
 * Heap of the reading worker. A workbook's shared strings are kept in memory, tens of
 * megabytes that grow with the rows, and the reading needs room beside them: with less, a
 * 200,000-row sheet (the most an import takes) spends most of its time collecting garbage.
 * A file that needs more is refused.
 */
const WORKER_HEAP_MB = 192;

/**
 * Starts reading. `signal` stops the worker wherever it is, the header still being looked for
 * included: what is waited for then fails with the signal's reason.
 */
export async function readSheet(
  request: ReadingRequest,
  signal?: AbortSignal,
): Promise<SheetReading> {
  signal?.throwIfAborted();
  const worker = new Worker(await readingWorkerScript(), {
    workerData: { request },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    // From a checkout, without tsx's loader (worker-script.ts).
    execArgv: workerExecArgv(),
  });
  const inbox = new Inbox();
  worker.on('message', (message: ReadingMessage) => inbox.put(message));
  worker.on('error', (error: Error & { code?: string }) =>
    inbox.fail(
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new SheetFileError(
            'too_large',
            `reading the file needs more than ${WORKER_HEAP_MB} MB: it is far larger than a payment list, so it was not read`,
          )
        : new SheetFileError('unreadable', `the file could not be read (${error.message})`),
    ),
  );
  worker.on('exit', () => inbox.fail(new SheetFileError('unreadable', 'the sheet reader stopped')));
  const abort = () => {
    inbox.fail(signal?.reason);
    void worker.terminate();
  };
  signal?.addEventListener('abort', abort, { once: true });
  if (signal?.aborted) abort(); // while the worker's script was being made
  const close = async () => {
    signal?.removeEventListener('abort', abort);
    await worker.terminate();
  };

  const first = await inbox.take().catch(async (error: unknown) => {
    await close();
    throw error;
  });
  if (first.type !== 'chosen') {
    await close();
    throw failure(first);
  }
  let merges: CellRange[] = [];
  async function* batches(): AsyncGenerator<RowsSent> {
    for (;;) {
      const message = await inbox.take();
      if (message.type === 'rows') {
        const { rows, chars, fraction } = message;
        yield { rows, chars, ...(fraction !== undefined ? { fraction } : {}) };
      } else if (message.type === 'end') {
        merges = message.merges;
        return;
      } else throw failure(message);
    }
  }
  const { type: _chosen, ...chosen } = first;
  return {
    ...chosen,
    batches: batches(),
    written: (batches) => {
      if (batches > 0) worker.postMessage(batches);
    },
    merges: () => merges,
    close,
  };
}

/**
 * The module the reading worker runs; from a checkout, built on first use (worker-script.ts),
 * which a caller may ask for ahead, as a benchmark does before its clock starts.
 */
export function readingWorkerScript(): Promise<URL> {
  const entry = new URL(
    `./sheet-reading-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
    import.meta.url,
  );
  return workerScript(entry);
}

function failure(message: ReadingMessage): SheetFileError {
  return message.type === 'failed'
    ? new SheetFileError(message.code, message.message)
    : new SheetFileError('unreadable', `the sheet reader said ${message.type} out of turn`);
}

/** Messages in arrival order, taken one at a time; a failure ends the line. */
class Inbox {
  private readonly messages: ReadingMessage[] = [];
  private waiting:
    { resolve: (m: ReadingMessage) => void; reject: (e: unknown) => void } | undefined;
  private error: unknown;

  put(message: ReadingMessage): void {
    if (this.waiting) {
      this.waiting.resolve(message);
      this.waiting = undefined;
    } else this.messages.push(message);
  }

  fail(error: unknown): void {
    this.error ??= error;
    this.waiting?.reject(error);
    this.waiting = undefined;
  }

  take(): Promise<ReadingMessage> {
    const next = this.messages.shift();
    if (next) return Promise.resolve(next);
    if (this.error) return Promise.reject(this.error);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }
}
