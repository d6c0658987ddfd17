// The Groups screen's filters as a person types them become the query GET /payments/groups takes
// (written to the wire by the shared search-parameter writer): lists split on commas or spaces,
// tags as `tag:<key>=<value>` repeated per value, and a tag without `=` said at its field.
import { describe, expect, it } from 'vitest';
import { groupListQueryToSearchParams } from '../../../shared/service';
import {
  isFiltered,
  NO_FILTERS,
  queryOf,
} from '../../../renderer/src/features/groups/group-filters';

describe('typed group filters', () => {
  it('ask only for the page when nothing is typed', () => {
    expect(queryOf(NO_FILTERS, 0, 50)).toEqual({ ok: true, query: { skip: 0, take: 50 } });
    expect(isFiltered(NO_FILTERS)).toBe(false);
  });

  it('become every filter the service has, as it reads them', () => {
    const filters = {
      ids: ' g-1, g-2  g-3 ',
      name: ' Payroll ',
      description: 'UK staff',
      locked: 'unlocked' as const,
      wallets: 'w-gbp,w-eur',
      tags: 'dept=hr, dept=ops , cycle=monthly',
    };
    const built = queryOf(filters, 100, 50);
    if (!built.ok) throw new Error(JSON.stringify(built.problems));
    expect(groupListQueryToSearchParams(built.query)).toEqual([
      ['id', 'g-1'],
      ['id', 'g-2'],
      ['id', 'g-3'],
      ['description', 'UK staff'],
      ['name', 'Payroll'],
      ['locked', 'false'],
      ['wallet', 'w-gbp'],
      ['wallet', 'w-eur'],
      ['tag:dept', 'hr'],
      ['tag:dept', 'ops'],
      ['tag:cycle', 'monthly'],
      ['skip', '100'],
      ['take', '50'],
    ]);
    expect(isFiltered(filters)).toBe(true);
  });

  it('keep a value holding "=" whole, and an empty value as asked', () => {
    const built = queryOf({ ...NO_FILTERS, tags: 'note=a=b, empty=' }, 0, 50);
    expect(built).toEqual({
      ok: true,
      query: { skip: 0, take: 50, tag: { note: ['a=b'], empty: [''] } },
    });
  });

  it('say which tag cannot be read, and ask nothing', () => {
    for (const tags of ['dept', '=hr', 'dept=hr, region']) {
      const built = queryOf({ ...NO_FILTERS, tags }, 0, 50);
      expect(built).toMatchObject({
        ok: false,
        problems: { tags: expect.stringContaining('key=value') },
      });
    }
    expect(queryOf({ ...NO_FILTERS, tags: '__proto__=x' }, 0, 50).ok).toBe(false);
  });
});
