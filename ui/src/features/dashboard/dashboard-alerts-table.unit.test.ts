import { describe, expect, it } from 'vitest';
import { pageRangeText } from './dashboard-alerts-table';

describe("the Alerts table's range", () => {
  it('reads "1 - 7 of 7" as the table footer shows it, and counts on across pages', () => {
    expect(pageRangeText(0, 7, 7)).toBe('1 - 7 of 7');
    expect(pageRangeText(7, 3, 10)).toBe('8 - 10 of 10');
    expect(pageRangeText(0, 0, 0)).toBe('0 of 0');
  });
});
