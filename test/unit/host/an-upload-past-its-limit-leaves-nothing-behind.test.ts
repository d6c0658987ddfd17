// The browser host's private files: an uploaded sheet is streamed to a file only this user can
// read; one past the limit is refused while streaming and leaves nothing behind; paths the page
// names are honoured only when the host made them; closing removes everything.
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { PrivateFiles, UploadTooLarge } from '../../../electron/host/private-files';

let files: PrivateFiles | undefined;
afterEach(async () => files?.close());

/** A request body arriving in chunks, with no declared length (as a chunked upload). */
const body = (chunks: string[]) =>
  Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), {
    headers: {},
  }) as unknown as IncomingMessage;

it('streams an upload to a private file named after the sheet', async () => {
  files = await PrivateFiles.create();
  const path = await files.upload(
    body(['name,amount\n', 'Ada,10.00\n']),
    '../../January payroll.csv',
  );
  expect(path.startsWith(files.folder)).toBe(true);
  expect(basename(path)).toBe('January payroll.csv');
  expect(await readFile(path, 'utf8')).toBe('name,amount\nAda,10.00\n');
  if (process.platform !== 'win32') {
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(files.folder)).mode & 0o777).toBe(0o700);
  }
  expect(files.owns(path)).toBe(true);
  expect(files.owns(`${files.folder}/../etc/passwd`)).toBe(false);
});

it('refuses an upload past the limit while streaming, and keeps no part of it', async () => {
  files = await PrivateFiles.create();
  await expect(
    files.upload(body(['x'.repeat(600), 'y'.repeat(600)]), 'big.csv', 1000),
  ).rejects.toBeInstanceOf(UploadTooLarge);
  expect(await readdir(files.folder)).toEqual([]); // nor its subfolder
});

it('removes every file when the host closes', async () => {
  files = await PrivateFiles.create();
  const target = await files.exportTarget('results');
  expect(target).toMatch(/results\.xlsx$/);
  const folder = files.folder;
  await files.close();
  files = undefined;
  expect(existsSync(folder)).toBe(false);
});
