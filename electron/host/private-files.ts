// The host's private folders: sheets uploaded by the page (streamed to disk, size-limited) and
// exports written for the page to download. Both live in one folder only this user can read,
// removed with everything in it when the host closes; a path from the page is honoured only when
// it names a file the host made there.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Far more than any payee list (100,000 rows of .xlsx is about 10 MB). */
export const UPLOAD_LIMIT_BYTES = 200 * 1024 * 1024;

export class UploadTooLarge extends Error {}

export class PrivateFiles {
  private readonly made = new Set<string>();

  private constructor(readonly folder: string) {}

  static async create(): Promise<PrivateFiles> {
    // mkdtemp makes the folder 0700.
    return new PrivateFiles(await mkdtemp(join(tmpdir(), 'payout-desk-host-')));
  }

  /**
   * A new path with the file's own name (the importer names batches and saved mappings after
   * it, and a download keeps it), in a subfolder of its own so that two files of one name never
   * meet.
   */
  private async pathFor(name: string): Promise<string> {
    const safe =
      basename(name)
        .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
        .slice(0, 120) || 'file';
    const folder = join(this.folder, randomBytes(8).toString('hex'));
    await mkdir(folder, { mode: 0o700 });
    const path = join(folder, safe);
    this.made.add(path);
    return path;
  }

  /** Streams the request's body to a new private file, refusing it past the limit. */
  async upload(
    request: IncomingMessage,
    name: string,
    limit = UPLOAD_LIMIT_BYTES,
  ): Promise<string> {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > limit) throw new UploadTooLarge();
    const path = await this.pathFor(name);
    let received = 0;
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) request.destroy(new UploadTooLarge());
    });
    try {
      await pipeline(request, createWriteStream(path, { mode: 0o600 }));
    } catch (error) {
      await this.release(path);
      throw received > limit ? new UploadTooLarge() : error;
    }
    return path;
  }

  /** A path for an export named `name`, to be written by the desk and downloaded once. */
  exportTarget(name: string): Promise<string> {
    const suffix = extname(name).toLowerCase();
    return this.pathFor(['.xlsx', '.csv'].includes(suffix) ? name : `${name}.xlsx`);
  }

  owns(path: string): boolean {
    return this.made.has(path);
  }

  async release(path: string): Promise<void> {
    if (!this.made.delete(path)) return;
    await rm(dirname(path), { recursive: true, force: true });
  }

  async close(): Promise<void> {
    this.made.clear();
    await rm(this.folder, { recursive: true, force: true });
  }
}
