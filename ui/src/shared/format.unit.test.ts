import { describe, expect, it } from 'vitest';
import {
  enumLabel,
  formatDate,
  formatDateTime,
  formatDuration,
  formatHours,
  formatMiles,
  formatPercent,
  formatPoundsAxis,
  statusLabel,
} from './format';

describe('formatDateTime', () => {
  it('shows an instant as UK local time, dd/mm/yyyy HH:mm, 24-hour', () => {
    expect(formatDateTime('2025-01-15T14:05:00Z')).toBe('15/01/2025 14:05');
    // British Summer Time: one hour ahead of UTC.
    expect(formatDateTime('2025-07-01T23:30:00Z')).toBe('02/07/2025 00:30');
  });

  it('leaves blanks blank and unreadable values as they are', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('yesterday')).toBe('yesterday');
  });
});

describe('formatDate', () => {
  it('shows a calendar date, or the date written in an instant, as dd/mm/yyyy without moving the day', () => {
    expect(formatDate('2024-03-01')).toBe('01/03/2024');
    // 23:30 UTC is already the next day in London (summer time), but the date the value names is kept.
    expect(formatDate('2025-07-01T23:30:00Z')).toBe('01/07/2025');
  });

  it('reads a date written another way as the London day it names, and leaves blanks and unreadable values alone', () => {
    expect(formatDate('Tue, 01 Jul 2025 23:30:00 GMT')).toBe('02/07/2025');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('yesterday')).toBe('yesterday');
  });
});

describe('labels of enumeration values', () => {
  it('writes statuses in sentence case, the same on every screen', () => {
    expect(['in_progress', 'not_started', 'no_show', 'completed'].map(statusLabel)).toEqual([
      'In progress',
      'Not started',
      'No show',
      'Completed',
    ]);
  });

  it('keeps abbreviations in their own casing, first word or not', () => {
    expect(['cpr', 'mar_chart', 'dols_review', 'peg_feeding', 'coshh', 'first_aid'].map(enumLabel)).toEqual([
      'CPR',
      'MAR chart',
      'DoLS review',
      'PEG feeding',
      'COSHH',
      'First aid',
    ]);
    expect(enumLabel('report_to_cqc')).toBe('Report to CQC');
  });
});

describe('figures with their units', () => {
  it('gives hours, rates, miles and pounds their unit', () => {
    expect([formatHours(60.25), formatPercent(91.46), formatPercent(null), formatMiles(12.25), formatMiles(1)]).toEqual(
      ['60.3 h', '91.5%', '—', '12.3 miles', '1 mile'],
    );
    expect([formatPoundsAxis(60000), formatPoundsAxis(-20000)]).toEqual(['£60,000', '−£20,000']);
    expect([formatDuration(45), formatDuration(140), formatDuration(120)]).toEqual(['45 min', '2 h 20 min', '2 h']);
    expect(formatPercent(50)).toBe('50.0%');
  });
});
