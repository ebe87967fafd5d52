import { describe, expect, it } from 'vitest';
import { ageInYears } from './client-age';

describe('ageInYears', () => {
  it('counts whole years, adding one on the birthday itself', () => {
    expect(ageInYears('1938-04-12', '2025-04-11')).toBe(86);
    expect(ageInYears('1938-04-12', '2025-04-12')).toBe(87);
    expect(ageInYears('1938-04-12', '2025-12-31')).toBe(87);
  });

  it('treats a 29 February birthday as passed on 1 March in other years', () => {
    expect(ageInYears('1940-02-29', '2025-02-28')).toBe(84);
    expect(ageInYears('1940-02-29', '2025-03-01')).toBe(85);
  });

  it('gives no age for a malformed date or one after today', () => {
    expect(ageInYears('12/04/1938', '2025-04-12')).toBeUndefined();
    expect(ageInYears('2030-01-01', '2025-04-12')).toBeUndefined();
  });
});
