// Draft ids are UUIDv7 (RFC 9562): a millisecond clock first, then a counter, then random bits.
// Ids made one after another sort one after another, so the outbox's indexes on ids grow at
// their end instead of at random pages, which makes a large import's inserts cheaper than with
// random (v4) ids. They are still UUIDs, as the service takes them, and still not guessable
// (62 random bits each).
import { randomFillSync } from 'node:crypto';

const entropy = Buffer.alloc(8 * 1024);
let used = entropy.length;
let lastMs = 0;
/** 12 bits (rand_a): orders the ids made within one millisecond. */
let sequence = 0;

export function newDraftId(): string {
  let ms = Date.now();
  if (ms > lastMs) {
    lastMs = ms;
    sequence = 0;
  } else {
    // Same millisecond (or the clock went back): count on, borrowing the next millisecond
    // when 4,096 ids were made in this one, so that the order still holds.
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      sequence = 0;
    }
    ms = lastMs;
  }
  if (used + 8 > entropy.length) {
    randomFillSync(entropy);
    used = 0;
  }
  const bytes = Buffer.allocUnsafe(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes.writeUInt16BE(0x7000 | sequence, 6); // version 7
  entropy.copy(bytes, 8, used, used + 8);
  used += 8;
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f); // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
