import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('shows an instant as UK local time, dd/mm/yyyy HH:mm, 24-hour', () => {
    expect(formatDateTime('2025-01-15T14:05:00Z')).toBe('15/01/2025 14:05');
    // British Summer Time: one hour ahead of UTC.
    expect(formatDateTime('2025-07-01T23:30:00Z')).toBe('02/07/2025 00:30');
  });

  it('leaves blanks blank and unreadable values as they are', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('yesterday')).toBe('yesterday');
  });
});
