import { describe, expect, it } from 'vitest';
import {
  compliancePercent,
  complianceRating,
  countsTowardsCompliance,
  effectiveTrainingStatus,
  inTrainingTab,
  TRAINING_TABS,
  type TrainingTab,
} from './training-rules';
import type { TrainingStatus } from '../enums';

const today = '2025-03-15';
const record = (status: TrainingStatus, expiryDate: string | null) => ({ status, expiryDate });
const tabsOf = (status: TrainingStatus, expiryDate: string | null) =>
  TRAINING_TABS.filter((tab: TrainingTab) => inTrainingTab(tab, record(status, expiryDate), today));

describe('the tab filters of the training screen', () => {
  it('Current is by status current, whatever the dates', () => {
    expect(tabsOf('current', null)).toEqual(['all', 'current']);
    expect(tabsOf('current', '2026-01-01')).toEqual(['all', 'current']);
  });

  it('Expiring Soon is an expiry from today up to 30 days ahead, inclusive', () => {
    expect(tabsOf('current', today)).toEqual(['all', 'current', 'expiring']);
    expect(tabsOf('current', '2025-04-14')).toEqual(['all', 'current', 'expiring']);
    expect(tabsOf('current', '2025-04-15')).toEqual(['all', 'current']);
    expect(tabsOf('expiring_soon', '2025-03-25')).toEqual(['all', 'expiring']);
  });

  it('Expired is status expired or an expiry date in the past', () => {
    expect(tabsOf('expired', null)).toEqual(['all', 'expired']);
    expect(tabsOf('expired', '2026-01-01')).toEqual(['all', 'expired']);
    expect(tabsOf('current', '2025-03-14')).toEqual(['all', 'current', 'expired']);
  });

  it('Pending is by status pending', () => {
    expect(tabsOf('pending', null)).toEqual(['all', 'pending']);
    expect(tabsOf('pending', '2025-03-20')).toEqual(['all', 'expiring', 'pending']);
  });
});

describe('effectiveTrainingStatus', () => {
  it('lets the dates overrule a stored current or expiring status', () => {
    expect(effectiveTrainingStatus(record('current', null), today)).toBe('current');
    expect(effectiveTrainingStatus(record('current', '2025-03-14'), today)).toBe('expired');
    expect(effectiveTrainingStatus(record('current', '2025-03-20'), today)).toBe('expiring_soon');
    expect(effectiveTrainingStatus(record('current', '2025-06-01'), today)).toBe('current');
    expect(effectiveTrainingStatus(record('expiring_soon', '2025-01-01'), today)).toBe('expired');
  });

  it('keeps pending and expired as recorded', () => {
    expect(effectiveTrainingStatus(record('pending', '2025-01-01'), today)).toBe('pending');
    expect(effectiveTrainingStatus(record('expired', '2030-01-01'), today)).toBe('expired');
  });
});

describe('training compliance, as the compliance panel counts it', () => {
  it('counts current records that have not expired; the expiry day itself still counts', () => {
    expect(countsTowardsCompliance(record('current', null), today)).toBe(true);
    expect(countsTowardsCompliance(record('current', today), today)).toBe(true);
    expect(countsTowardsCompliance(record('current', '2025-03-14'), today)).toBe(false);
    expect(countsTowardsCompliance(record('pending', null), today)).toBe(false);
    expect(countsTowardsCompliance(record('expiring_soon', '2025-03-20'), today)).toBe(false);
  });

  it('is current records out of 8 as a rounded percentage, at most 100', () => {
    expect([0, 1, 4, 7, 8, 10].map((count) => compliancePercent(count))).toEqual([0, 13, 50, 88, 100, 100]);
  });

  it('rates at least 90 Excellent, at least 70 Good, below 70 Needs Attention', () => {
    expect([100, 90, 89, 70, 69, 0].map(complianceRating)).toEqual([
      'Excellent',
      'Excellent',
      'Good',
      'Good',
      'Needs Attention',
      'Needs Attention',
    ]);
  });
});
