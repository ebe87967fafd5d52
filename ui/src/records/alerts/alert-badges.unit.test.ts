import { describe, expect, it } from 'vitest';
import { snoozedUntilText } from './alert-badges';

describe('snoozedUntilText', () => {
  const now = new Date('2026-07-01T09:00:00Z');

  it('gives the UK time alone for a snooze ending today', () => {
    // 13:00 UTC is 14:00 in London in summer.
    expect(snoozedUntilText('2026-07-01T13:00:00Z', now)).toBe('Snoozed until 14:00');
  });

  it('gives the UK date and time for a snooze ending another day', () => {
    expect(snoozedUntilText('2026-07-02T07:00:00Z', now)).toBe('Snoozed until 02/07/2026 08:00');
  });
});
