import { describe, expect, it } from 'vitest';
import { londonInputToIso, toLondonInputValue } from './london-time';

describe('London wall clock for the entry date input', () => {
  it('reads winter times as UTC and summer times as an hour ahead', () => {
    expect(londonInputToIso('2025-01-15T09:30')).toBe('2025-01-15T09:30:00.000Z');
    expect(londonInputToIso('2025-07-01T10:30')).toBe('2025-07-01T09:30:00.000Z');
  });

  it('shows instants back on the London wall clock', () => {
    expect(toLondonInputValue('2025-01-15T09:30:00.000Z')).toBe('2025-01-15T09:30');
    expect(toLondonInputValue('2025-07-01T09:30:00.000Z')).toBe('2025-07-01T10:30');
    expect(toLondonInputValue('2025-06-30T23:30:00.000Z')).toBe('2025-07-01T00:30');
  });

  it('round-trips across the clock changes', () => {
    for (const wall of [
      '2025-03-30T00:59',
      '2025-03-30T02:00',
      '2025-10-26T00:30',
      '2025-10-26T02:00',
      '2025-12-31T23:59',
    ]) {
      expect(toLondonInputValue(londonInputToIso(wall))).toBe(wall);
    }
  });

  it('reads the repeated autumn hour as its first occurrence and the skipped spring hour as after the change', () => {
    expect(londonInputToIso('2025-10-26T01:30')).toBe('2025-10-26T00:30:00.000Z');
    expect(londonInputToIso('2025-03-30T01:30')).toBe('2025-03-30T01:30:00.000Z');
  });

  it('leaves blank and malformed values for the form check to report', () => {
    expect(londonInputToIso('')).toBe('');
    expect(londonInputToIso('yesterday')).toBe('yesterday');
  });
});
