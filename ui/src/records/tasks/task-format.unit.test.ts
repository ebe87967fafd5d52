import { describe, expect, it } from 'vitest';
import { dueDateToInstant, formatDueDate } from './task-format';

describe('task due dates', () => {
  it('are due at the end of the London day chosen, in winter and in summer', () => {
    expect(dueDateToInstant('2026-01-15')).toBe('2026-01-15T23:59:00.000Z');
    expect(dueDateToInstant('2026-07-15')).toBe('2026-07-15T22:59:00.000Z');
    expect(dueDateToInstant('')).toBeUndefined();
  });

  it('show as the London day they fall on', () => {
    expect(formatDueDate('2026-07-15T22:59:00.000Z')).toBe('15/07/2026');
    expect(formatDueDate('2026-07-15T23:30:00.000Z')).toBe('16/07/2026');
    expect(formatDueDate(null)).toBe('');
  });
});
