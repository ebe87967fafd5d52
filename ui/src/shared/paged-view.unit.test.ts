import { describe, expect, it } from 'vitest';
import { mergedPages, nextRowsOffset, type RowsView } from './paged-view';

interface View extends RowsView<string> {
  readonly available: boolean;
}
const page = (from: number, count: number, total: number, available = true): View => ({
  available,
  total,
  rows: Array.from({ length: count }, (_, n) => `row-${from + n}`),
});

describe('a list answered as one object, page by page', () => {
  it('asks for the next page until every row the server counts is loaded', () => {
    const first = page(0, 50, 120);
    expect(nextRowsOffset(first, [first])).toBe(50);
    const second = page(50, 50, 120);
    expect(nextRowsOffset(second, [first, second])).toBe(100);
    const third = page(100, 20, 120);
    expect(nextRowsOffset(third, [first, second, third])).toBeUndefined();
  });

  it('stops at an empty page even if the count moved meanwhile', () => {
    const first = page(0, 50, 60);
    const empty = page(50, 0, 60);
    expect(nextRowsOffset(empty, [first, empty])).toBeUndefined();
  });

  it('shows every loaded row in order, with the latest page’s count and facts', () => {
    const merged = mergedPages<string, View>([page(0, 2, 4, true), page(2, 1, 3, false)]);
    expect(merged).toEqual({ available: false, total: 3, rows: ['row-0', 'row-1', 'row-2'] });
    expect(mergedPages<string, View>([])).toBeUndefined();
  });
});
