import { describe, expect, it } from 'vitest';
import { monitoringRange } from './date-ranges';

describe('monitoring date ranges', () => {
  it('ends every range today and counts today as one of its days', () => {
    expect(monitoringRange('today', '2026-11-21')).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(monitoringRange('yesterday', '2026-11-21')).toEqual({ from: '2026-11-20', to: '2026-11-20' });
    expect(monitoringRange('7d', '2026-11-21')).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(monitoringRange('30d', '2026-11-21')).toEqual({ from: '2026-10-23', to: '2026-11-21' });
  });

  it('takes three calendar months back, across a year end and short months', () => {
    expect(monitoringRange('3m', '2026-11-21')).toEqual({ from: '2026-08-22', to: '2026-11-21' });
    expect(monitoringRange('3m', '2027-01-15')).toEqual({ from: '2026-10-16', to: '2027-01-15' });
    expect(monitoringRange('3m', '2026-05-31')).toEqual({ from: '2026-03-01', to: '2026-05-31' });
  });

  it('clamps three months back to the end of a shorter month, and crosses year ends', () => {
    expect(monitoringRange('3m', '2024-05-31')).toEqual({ from: '2024-03-01', to: '2024-05-31' });
    expect(monitoringRange('3m', '2026-02-10')).toEqual({ from: '2025-11-11', to: '2026-02-10' });
    expect(monitoringRange('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });
});
