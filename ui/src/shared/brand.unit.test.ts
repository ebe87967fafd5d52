import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRAND } from './brand';

describe('BRAND', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the year from the clock in the copyright line, so it never goes stale', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-15T12:00:00Z'));
    expect(BRAND.copyright).toBe('© 2031 CareAgency');
    vi.setSystemTime(new Date('2032-06-15T12:00:00Z'));
    expect(BRAND.copyright).toBe('© 2032 CareAgency');
  });
});
