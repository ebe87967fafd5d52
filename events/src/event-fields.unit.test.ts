import { describe, expect, it } from 'vitest';
import { eventDate, eventInstant, eventInteger, eventPence, eventText, eventTextList } from './event-fields';
import { STORED_DATE_LIMITS, STORED_INSTANT_LIMITS } from './limits';

/** The event side holds the same bounds as the edge, so nothing out of range can be appended. */
describe('event building blocks', () => {
  it('eventText: at most its length, no control characters but newline and tab, no lone surrogate', () => {
    const text = eventText(5);
    expect(text.safeParse('ab\n\tc').success).toBe(true);
    expect(text.safeParse('abcdef').success).toBe(false);
    expect(text.safeParse('a\u0000').success).toBe(false);
    expect(text.safeParse('a\r\nb').success).toBe(false);
    expect(text.safeParse('a\uD800').success).toBe(false);
  });

  it('eventTextList: bounded entries and count', () => {
    const list = eventTextList(2, 3);
    expect(list.safeParse(['abc', 'de']).success).toBe(true);
    expect(list.safeParse(['a', 'b', 'c']).success).toBe(false);
    expect(list.safeParse(['abcd']).success).toBe(false);
    expect(list.safeParse(['\u0000']).success).toBe(false);
  });

  it('eventInteger and eventPence: whole numbers within their bounds', () => {
    const count = eventInteger({ min: 1, max: 50 });
    expect(count.safeParse(50).success).toBe(true);
    expect(count.safeParse(51).success).toBe(false);
    expect(count.safeParse(0).success).toBe(false);
    expect(count.safeParse(1.5).success).toBe(false);
    const pence = eventPence(50_000);
    expect(pence.safeParse(50_000).success).toBe(true);
    expect(pence.safeParse(2_147_483_700).success).toBe(false);
    expect(pence.safeParse(-1).success).toBe(false);
  });

  it('eventDate and eventInstant: within the stored range (a day past the edge, for derived ends)', () => {
    expect(eventDate().safeParse(STORED_DATE_LIMITS.max).success).toBe(true);
    expect(eventDate().safeParse(STORED_DATE_LIMITS.min).success).toBe(true);
    expect(eventDate().safeParse('2101-01-01').success).toBe(false);
    expect(eventDate().safeParse('0000-01-01').success).toBe(false);
    expect(eventInstant().safeParse(STORED_INSTANT_LIMITS.max).success).toBe(true);
    expect(eventInstant().safeParse('2100-12-31T23:59:59Z').success).toBe(true);
    expect(eventInstant().safeParse('2101-01-01T00:00:00Z').success).toBe(false);
    expect(eventInstant().safeParse('1899-12-31T23:59:59.999Z').success).toBe(false);
  });
});
