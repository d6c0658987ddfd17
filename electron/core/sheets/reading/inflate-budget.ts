// Counts what a workbook inflates to, part by part, as it is read: a zip bomb is refused
// after a bounded amount of work and memory, whatever sizes its zip headers claim.
import { Transform, type TransformCallback } from 'node:stream';
import { megabytes } from './file-kind';
import type { SheetLimits } from './limits';
import { SheetFileError } from './sheet-types';

/** Below this, a high ratio is harmless (a small sheet of many empty styled cells). */
const RATIO_FLOOR_BYTES = 64 * 1024 * 1024;

export class InflateBudget {
  private inflated = 0;
  private readonly budget: number;

  constructor(
    private readonly fileBytes: number,
    private readonly limits: SheetLimits,
  ) {
    this.budget = Math.min(
      limits.maxUncompressedBytes,
      Math.max(RATIO_FLOOR_BYTES, fileBytes * limits.maxCompressionRatio),
    );
  }

  /**
   * Refuses at once a workbook whose zip directory declares more than the budget: nothing is
   * inflated. Sizes that lie are still caught by the meters as the parts inflate.
   */
  checkDeclared(declaredBytes: number): void {
    if (declaredBytes > this.budget) throw this.bomb();
  }

  /** A pass-through for one part that fails as soon as the workbook is past its budget. */
  meter(part: string): Transform {
    let partBytes = 0;
    const sharedStrings = part === 'xl/sharedStrings.xml';
    return new Transform({
      transform: (chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) => {
        this.inflated += chunk.length;
        partBytes += chunk.length;
        if (this.inflated > this.budget) return done(this.bomb());
        if (sharedStrings && partBytes > this.limits.maxSharedStringsBytes) {
          return done(
            new SheetFileError(
              'text_too_large',
              `the workbook's text table is larger than ${megabytes(this.limits.maxSharedStringsBytes)}: it is not an ordinary payment list, so it was not read`,
            ),
          );
        }
        done(null, chunk);
      },
    });
  }

  private bomb(): SheetFileError {
    return new SheetFileError(
      'zip_bomb',
      `the workbook unpacks to more than ${megabytes(this.budget)} from a file of ${megabytes(this.fileBytes)}: it is not an ordinary spreadsheet, so it was not read`,
    );
  }
}
