// While the grid scrolls, the rows (and columns) it draws beyond the view are those the scroll is
// heading for: the ones behind are leaving, and each drawn costs the frame its layout and paint.
// Still, it draws a few beyond both edges, so that a small scroll either way shows no gap.
import { describe, expect, it } from 'vitest';
import { rangeAhead } from '../../../renderer/src/components/grid/range-ahead';

const inView = { startIndex: 10, endIndex: 30, overscan: 2, count: 100 };

describe('the rows a scrolling grid draws', () => {
  it('are those in view and a few beyond both edges while it is still', () => {
    const drawn = rangeAhead(inView, null);
    expect(drawn[0]).toBe(8);
    expect(drawn.at(-1)).toBe(32);
    expect(drawn).toHaveLength(25);
  });

  it('reach ahead only, down the list or up it', () => {
    expect(rangeAhead(inView, 'forward')).toEqual(range(10, 32));
    expect(rangeAhead(inView, 'backward')).toEqual(range(8, 30));
  });

  it('stop at the list’s ends', () => {
    expect(rangeAhead({ ...inView, startIndex: 0, endIndex: 5 }, null)).toEqual(range(0, 7));
    expect(rangeAhead({ ...inView, startIndex: 90, endIndex: 99 }, 'forward')).toEqual(
      range(90, 99),
    );
    expect(rangeAhead({ ...inView, startIndex: 0, endIndex: 0, count: 1 }, null)).toEqual([0]);
  });
});

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
