import { describe, expect, it } from 'vitest';
import { londonClock } from './dates';
import { changedFields, definedOnly } from './record-changes';

describe('definedOnly', () => {
  it('drops the fields left undefined and keeps null, which clears a value', () => {
    expect(definedOnly({ name: 'Ada', notes: null, phone: undefined })).toEqual({ name: 'Ada', notes: null });
  });
});

describe('changedFields', () => {
  const current = { name: 'Ada', tags: ['a', 'b'], rate: 1450 };
  it('keeps only what differs, comparing lists by content', () => {
    expect(changedFields(current, { name: 'Ada', tags: ['a', 'b'], rate: 1500 })).toEqual({ rate: 1500 });
    expect(changedFields(current, { tags: ['b', 'a'] })).toEqual({ tags: ['b', 'a'] });
  });
  it('records nothing for an edit that changes nothing or leaves fields out', () => {
    expect(changedFields(current, { name: undefined })).toEqual({});
  });
});

describe('londonClock', () => {
  it('reads an instant on the London wall clock, across the clock change', () => {
    expect(londonClock('2026-01-15T09:05:00.000Z')).toBe('09:05');
    expect(londonClock(new Date('2026-07-15T09:05:00.000Z'))).toBe('10:05');
  });
});
