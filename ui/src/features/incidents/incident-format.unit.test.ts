import { describe, expect, it } from 'vitest';
import { formatHours, personName } from './incident-format';

describe('incident formats', () => {
  it('says the median time to resolve in minutes, hours or days as fits', () => {
    expect(formatHours(null)).toBe('No incident resolved yet');
    expect(formatHours(0)).toBe('Under a minute');
    expect(formatHours(0.25)).toBe('15 minutes');
    expect(formatHours(0.02)).toBe('1 minute');
    expect(formatHours(5.04)).toBe('5 hours');
    expect(formatHours(36.5)).toBe('36.5 hours');
    expect(formatHours(60)).toBe('60 hours (2.5 days)');
  });

  it('names a person, or the system', () => {
    expect(personName({ id: 'x', firstName: 'Priya', lastName: 'Shah' })).toBe('Priya Shah');
    expect(personName(null)).toBe('System');
  });
});
