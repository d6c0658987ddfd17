// Draft ids are UUIDv7: valid UUIDs, each one new, and in the order they were made even when
// thousands are made in the same millisecond — what keeps an import's inserts at the end of
// the outbox's id indexes.
import { describe, expect, it } from 'vitest';
import { newDraftId } from '../../../electron/core/outbox/draft-ids';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('draft ids', () => {
  it('are version 7 UUIDs, all different, sorting in the order they were made', () => {
    // 20,000 in a burst: several milliseconds of more than 4,096 ids each on a fast machine.
    const ids = Array.from({ length: 20_000 }, () => newDraftId());
    expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('begin with the time they were made', () => {
    const before = Date.now();
    const id = newDraftId();
    const millis = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    // At most a few milliseconds ahead, borrowed by a burst in the test above.
    expect(millis).toBeGreaterThanOrEqual(before);
    expect(millis).toBeLessThan(before + 1000);
  });
});
