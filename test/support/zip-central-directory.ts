// Reads what a zip declares about its entries from the central directory at its end, without
// inflating anything: how tests check a bomb's sizes, and how a careful reader would too.
import { open } from 'node:fs/promises';

export interface ZipEntryInfo {
  name: string;
  /** 0 stored, 8 deflate. */
  method: number;
  crc: number;
  compressedBytes: number;
  inflatedBytes: number;
  /** Where the entry's local header starts. */
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record (22 bytes) plus the longest comment it may carry. */
const TAIL_BYTES = 22 + 0xffff;

/** The entries in directory order (the order they were written in). */
export async function readCentralDirectory(path: string): Promise<ZipEntryInfo[]> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const tailLength = Math.min(size, TAIL_BYTES);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    let end = tailLength - 22;
    while (end >= 0 && tail.readUInt32LE(end) !== END_OF_DIRECTORY) end--;
    if (end < 0) throw new Error(`${path}: no zip end-of-central-directory record`);
    const count = tail.readUInt16LE(end + 10);
    const directoryLength = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    const directory = Buffer.alloc(directoryLength);
    await file.read(directory, 0, directoryLength, directoryOffset);
    const entries: ZipEntryInfo[] = [];
    for (let at = 0, i = 0; i < count; i++) {
      if (directory.readUInt32LE(at) !== DIRECTORY_ENTRY)
        throw new Error(`${path}: bad central directory`);
      const nameLength = directory.readUInt16LE(at + 28);
      entries.push({
        name: directory.toString('utf8', at + 46, at + 46 + nameLength),
        method: directory.readUInt16LE(at + 10),
        crc: directory.readUInt32LE(at + 16),
        compressedBytes: directory.readUInt32LE(at + 20),
        inflatedBytes: directory.readUInt32LE(at + 24),
        localHeaderOffset: directory.readUInt32LE(at + 42),
      });
      at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    }
    return entries;
  } finally {
    await file.close();
  }
}

/** Where an entry's compressed bytes start: after its local header's name and extra field. */
export async function entryDataOffset(path: string, entry: ZipEntryInfo): Promise<number> {
  const file = await open(path, 'r');
  try {
    const header = Buffer.alloc(30);
    await file.read(header, 0, 30, entry.localHeaderOffset);
    return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await file.close();
  }
}
