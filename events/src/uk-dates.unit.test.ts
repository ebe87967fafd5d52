import { describe, expect, it } from 'vitest';
import { ukDate, ukDateOfInstant } from './uk-dates';

describe('ukDate', () => {
  it('writes a calendar date day first, as UK users read it', () => {
    expect(ukDate('2026-11-27')).toBe('27/11/2026');
    expect(ukDate('1900-01-02')).toBe('02/01/1900');
  });

  it('gives the date written in an ISO instant, without moving it to another day by time zone', () => {
    expect(ukDate('2026-11-27T10:00:00Z')).toBe('27/11/2026');
    // 23:30 UTC on 30 June is already 1 July in London: the text's own date is what is shown.
    expect(ukDate('2026-06-30T23:30:00.000Z')).toBe('30/06/2026');
  });

  it('leaves a text that is not a date as it is', () => {
    expect(ukDate('')).toBe('');
    expect(ukDate('2026-11')).toBe('2026-11');
    expect(ukDate('27/11/2026')).toBe('27/11/2026');
    expect(ukDate('as required')).toBe('as required');
  });
});

describe('ukDateOfInstant', () => {
  it('gives the London day of an instant: late evening UTC in summer is already the next day', () => {
    expect(ukDateOfInstant('2026-07-14T23:30:00Z')).toBe('15/07/2026');
    expect(ukDateOfInstant('2026-07-14T22:59:00Z')).toBe('14/07/2026');
    // In winter London is on UTC.
    expect(ukDateOfInstant(new Date('2026-12-01T23:30:00Z'))).toBe('01/12/2026');
  });
});
