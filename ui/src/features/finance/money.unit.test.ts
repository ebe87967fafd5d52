import { describe, expect, it } from 'vitest';
import { formatPence, monthLabel, poundsToPence } from './money';

describe('finance money helpers', () => {
  it('shows pence as pounds', () => {
    expect(formatPence(123_456)).toBe('£1,234.56');
    expect(formatPence(5)).toBe('£0.05');
  });

  it('reads typed pounds as whole pence without floating point', () => {
    expect(poundsToPence('12.5')).toBe(1250);
    expect(poundsToPence('£1,000.07')).toBe(100_007);
    expect(poundsToPence('0.29')).toBe(29);
    expect(poundsToPence('12.345')).toBeNull();
    expect(poundsToPence('abc')).toBeNull();
  });

  it('names a month', () => {
    expect(monthLabel('2026-03')).toBe('Mar 2026');
  });
});
