import { describe, expect, it } from 'vitest';
import { clientName, recordedTime, telHref, visitDay, visitStatus } from './family-portal-text';

describe('the family portal words', () => {
  it('says when the carer arrived in London time and where the time came from', () => {
    const base = {
      at: '2026-07-01T08:02:00.000Z',
      source: 'Mobile' as const,
      enteredByHand: false,
      recordedOffline: false,
    };
    expect(recordedTime(base)).toBe("09:02, on the carer's phone");
    expect(recordedTime({ ...base, source: 'Computer' })).toBe('09:02, on a computer');
    expect(recordedTime({ ...base, source: 'Manual' })).toBe('09:02, a manual entry');
    expect(recordedTime({ ...base, enteredByHand: true })).toBe('09:02, typed in by hand');
    expect(recordedTime({ ...base, recordedOffline: true, enteredByHand: true })).toBe(
      '09:02, recorded on the phone without signal',
    );
    expect(recordedTime({ ...base, at: '2026-12-01T08:02:00.000Z', source: null })).toBe('08:02');
  });

  it("names the day with its weekday, and the status in a relative's words", () => {
    expect(visitDay('2026-12-01')).toBe('Tue 01/12/2026');
    expect(visitStatus('scheduled')).toBe('Planned');
    expect(visitStatus('in_progress')).toBe('Carer there now');
    expect(visitStatus('completed')).toBe('Completed');
  });

  it('dials the number as written, without its spaces or brackets', () => {
    expect(telHref('+44 (0)113 496 0000')).toBe('tel:+4401134960000');
    expect(telHref('0113 496 0000')).toBe('tel:01134960000');
    expect(clientName({ firstName: 'Edith', lastName: 'Green' })).toBe('Edith Green');
  });
});
