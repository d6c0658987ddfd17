import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeZodError,
  groupListQueryFromSearchParams,
  groupListQueryToSearchParams,
  statementQueryFromSearchParams,
  type GroupListQuery,
} from '../../../shared/service';

const text = fc.string({ minLength: 1, maxLength: 12 });
const query: fc.Arbitrary<GroupListQuery> = fc.record(
  {
    id: fc.array(text, { minLength: 1, maxLength: 3 }),
    description: text,
    name: text,
    locked: fc.array(fc.boolean(), { minLength: 1, maxLength: 2 }),
    wallet: fc.array(text, { minLength: 1, maxLength: 3 }),
    tag: fc.dictionary(
      fc.stringMatching(/^[a-z]{1,8}$/),
      fc.array(text, { minLength: 1, maxLength: 3 }),
      { minKeys: 1, maxKeys: 3 },
    ),
    skip: fc.integer({ min: 0, max: 10_000 }),
    take: fc.integer({ min: 1, max: 500 }),
  },
  { requiredKeys: [] },
);

describe('the group list query', () => {
  it('round-trips through URL search parameters', () => {
    fc.assert(
      fc.property(query, (q) => {
        const params = new URLSearchParams(groupListQueryToSearchParams(q).toString());
        const parsed = groupListQueryFromSearchParams(params);
        expect(parsed.success && parsed.data).toEqual(q);
      }),
    );
  });

  it('reads repeated parameters and tags written as tag:<key>=<value>', () => {
    const parsed = groupListQueryFromSearchParams(
      new URLSearchParams('id=a&id=b&locked=true&tag:dept=hr&tag:dept=ops&take=10'),
    );
    expect(parsed.success && parsed.data).toEqual({
      id: ['a', 'b'],
      locked: [true],
      tag: { dept: ['hr', 'ops'] },
      take: 10,
    });
  });

  it.each([
    ['take=501', 'take'],
    ['take=0', 'take'],
    ['take=1.5', 'take'],
    ['skip=-1', 'skip'],
    ['skip=abc', 'skip'],
    ['locked=yes', 'locked'],
  ])('refuses %s naming %s', (search, property) => {
    const parsed = groupListQueryFromSearchParams(new URLSearchParams(search));
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(describeZodError(parsed.error)).toContain(property);
  });
});

describe('the statement query', () => {
  it('accepts date-times and paging, and names what is wrong', () => {
    const ok = statementQueryFromSearchParams(
      new URLSearchParams('start=2026-01-01T00:00:00Z&take=20'),
    );
    expect(ok.success && ok.data).toEqual({ start: '2026-01-01T00:00:00Z', take: 20 });
    const bad = statementQueryFromSearchParams(new URLSearchParams('start=yesterday'));
    expect(bad.success).toBe(false);
    if (!bad.success) expect(describeZodError(bad.error)).toContain('start');
  });
});
