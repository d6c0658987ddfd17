// Which encoding a text file is in, told from its first bytes, and its text decoded chunk by
// chunk as it streams. What finance teams bring: Excel's "CSV UTF-8" (UTF-8 with a BOM), its
// plain "CSV" (Windows-1252 on Western Windows, no BOM), its "Unicode Text" (UTF-16LE with a
// BOM), and UTF-8 without a BOM from everything else.

/** Bytes read before deciding: an encoding, the delimiter, and whether the file is text at all. */
export const HEAD_BYTES = 64 * 1024;

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * Why the text of a file stopped short: a NUL (no text file holds one: the file is binary), or
 * bytes that are not valid in the encoding its start was read in.
 */
export type TextFault = 'not_text' | 'not_encoded';

/**
 * Ends the text where it was cut short: at a fault found while decoding, or where a cell or a
 * row runs past its bound (csv-bounds.ts). No other NUL reaches the parser (the text is cut at
 * the first one), so the cell that holds it is the cell where the text stopped.
 */
export const CUT = '\u0000';

const BOMS: [number[], TextEncoding][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

/**
 * The encoding of a file from its first bytes (`wholeFile` when they are all of it). A BOM
 * decides; then UTF-16 without one, whose ASCII characters leave a NUL in every other byte;
 * then UTF-8 if the bytes are valid UTF-8, else Windows-1252, which any byte is valid in.
 */
export function sniffEncoding(head: Uint8Array, wholeFile: boolean): TextEncoding {
  const bom = BOMS.find(([bytes]) => bytes.every((byte, index) => head[index] === byte));
  if (bom) return bom[1];
  const utf16 = utf16ByNuls(head, wholeFile);
  if (utf16) return utf16;
  return decodes(head, 'utf-8', wholeFile) ? 'utf-8' : 'windows-1252';
}

function utf16ByNuls(head: Uint8Array, wholeFile: boolean): TextEncoding | undefined {
  const nuls = [0, 0];
  for (let index = 0; index < head.length; index++) {
    if (head[index] === 0) nuls[index % 2]! += 1;
  }
  const [even, odd] = nuls as [number, number];
  // Delimiters, line ends and digits are ASCII, so a CSV has NULs on one side of most pairs;
  // a few on the other side are characters such as U+4E00. Binary files have them on both.
  const pairs = Math.floor(head.length / 2);
  const enough = (side: number, other: number) => side >= pairs / 20 && side > 2 * other;
  const guess = enough(odd, even) ? 'utf-16le' : enough(even, odd) ? 'utf-16be' : undefined;
  if (!guess) return undefined;
  try {
    const text = new TextDecoder(guess, { fatal: true }).decode(head, { stream: !wholeFile });
    return CONTROLS.test(text) ? undefined : guess;
  } catch {
    return undefined;
  }
}

/** Characters no CSV holds: a NUL and the other C0 controls but tab, line feed and return. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f]/;

function decodes(bytes: Uint8Array, encoding: TextEncoding, wholeFile: boolean): boolean {
  try {
    new TextDecoder(encoding, { fatal: true }).decode(bytes, { stream: !wholeFile });
    return true;
  } catch {
    return false;
  }
}

/** The first bytes as text, to sniff the dialect from: invalid bytes show as U+FFFD. */
export function decodeHead(head: Uint8Array, encoding: TextEncoding, wholeFile: boolean): string {
  return decoderFor(encoding, false).decode(head, { stream: !wholeFile });
}

/**
 * The text of the chunks, decoded as they come. At the first NUL or invalid byte it yields the
 * text before it and `CUT`, tells `onFault` why, and reads no further, so that the parser meets
 * the fault in the row and cell where it is.
 */
export async function* decodeChunks(
  chunks: AsyncIterable<Uint8Array>,
  encoding: TextEncoding,
  onFault: (fault: TextFault) => void,
): AsyncGenerator<string> {
  const decoder = decoderFor(encoding, true);
  const untilNul = (text: string) => cutAtNul(text, onFault);
  for await (const chunk of chunks) {
    let text: string;
    try {
      // `stream` keeps a character whose bytes straddle two chunks for the next call.
      text = decoder.decode(chunk, { stream: true });
    } catch {
      if (yield* untilNul(textBeforeFault(chunk, encoding))) yield* notEncoded(onFault);
      return;
    }
    if (!(yield* untilNul(text))) return;
  }
  let last: string;
  try {
    last = decoder.decode();
  } catch {
    // The file ends in the middle of a character.
    yield* notEncoded(onFault);
    return;
  }
  yield* untilNul(last);
}

/** Yields the text up to its first NUL, and that NUL as the cut; false when there was one. */
function* cutAtNul(text: string, onFault: (fault: TextFault) => void): Generator<string, boolean> {
  const nul = text.indexOf(CUT);
  if (nul === -1) {
    if (text !== '') yield text;
    return true;
  }
  onFault('not_text');
  yield text.slice(0, nul + 1);
  return false;
}

function* notEncoded(onFault: (fault: TextFault) => void): Generator<string> {
  onFault('not_encoded');
  yield CUT;
}

/**
 * The text of a chunk before its first invalid sequence, only to place the fault in its row.
 * A character begun in the previous chunk is skipped (it cannot hold a line end); when the rest
 * decodes cleanly, that character was the fault, at the chunk's start.
 */
function textBeforeFault(chunk: Uint8Array, encoding: TextEncoding): string {
  const text = new TextDecoder(encoding).decode(chunk.subarray(continuation(chunk, encoding)));
  const fault = text.indexOf('\uFFFD');
  return fault === -1 ? '' : text.slice(0, fault);
}

function continuation(chunk: Uint8Array, encoding: TextEncoding): number {
  const lowSurrogate = (byte: number | undefined) => byte !== undefined && byte >> 2 === 0x37;
  if (encoding === 'utf-16le') return lowSurrogate(chunk[1]) ? 2 : 0;
  if (encoding === 'utf-16be') return lowSurrogate(chunk[0]) ? 2 : 0;
  let count = 0;
  while (count < 3 && ((chunk[count] ?? 0) & 0xc0) === 0x80) count += 1;
  return count;
}

interface ChunkDecoder {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

function decoderFor(encoding: TextEncoding, fatal: boolean): ChunkDecoder {
  const decoder = new TextDecoder(encoding, { fatal });
  if (encoding !== 'windows-1252') return decoder;
  return {
    decode: (input, options) =>
      decoder.decode(input, options).replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_80_9F[c]!),
  };
}

/**
 * Bytes 0x80-0x9F of Windows-1252, where it differs from Latin-1: the euro sign, curly quotes,
 * dashes, Š, Ž, Ÿ... Node 20.18.3 and later decode 'windows-1252' as Latin-1 there
 * (nodejs/node#60888), so the decoder's output is mapped again; where a runtime decodes it
 * right, no character in this range is left to map but the five bytes that stand for themselves.
 */
const WINDOWS_1252_80_9F: Record<string, string> = Object.fromEntries(
  [...'€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ'].map((char, index) => [
    String.fromCharCode(0x80 + index),
    char,
  ]),
);
