import { describe, expect, it } from 'vitest';
import {
  createTrainingRequestSchema,
  inTrainingTab,
  renewTrainingRequestSchema,
  type CreateTrainingRequest,
} from '@care/events';
import { demoTraining } from './demo-training';

const carerIds = Array.from({ length: 30 }, (_, i) => `0190a5b2-7c3d-7e4f-8a1b-${String(i).padStart(12, '0')}`);
const today = '2025-03-15';

describe('demoTraining', () => {
  const training = demoTraining(carerIds, today);
  const records = training.map(({ record }) => record);

  it('is the same every time for the same day', () => {
    expect(demoTraining(carerIds, today)).toEqual(training);
  });

  it('gives every carer 4 to 9 records, each of a different training type', () => {
    for (const carerId of carerIds) {
      const own = records.filter((record) => record.carerId === carerId);
      expect(own.length).toBeGreaterThanOrEqual(4);
      expect(own.length).toBeLessThanOrEqual(9);
      expect(new Set(own.map((record) => record.trainingType)).size).toBe(own.length);
    }
  });

  it('sends only requests the command API accepts, completed in the past', () => {
    for (const record of records) {
      const parsed = createTrainingRequestSchema.safeParse(record);
      expect(parsed.success, JSON.stringify(record)).toBe(true);
      expect(record.completedDate <= today, JSON.stringify(record)).toBe(true);
    }
  });

  it('as the quarter began, has records in every tab: current, expiring soon, expired and pending', () => {
    expect(count(records, 'current')).toBeGreaterThan(records.length / 2);
    expect(count(records, 'expiring')).toBeGreaterThanOrEqual(2);
    expect(count(records, 'expired')).toBeGreaterThanOrEqual(10);
    expect(count(records, 'pending')).toBeGreaterThanOrEqual(5);
  });

  it('renews most certificates that fell due before they expired: a few expire within 30 days, one or two have expired', () => {
    const renewals = training.flatMap(({ record, renewal }) => (renewal ? [{ record, renewal }] : []));
    expect(renewals.length).toBeGreaterThan(20);
    for (const { record, renewal } of renewals) {
      expect(renewTrainingRequestSchema.safeParse(renewal).success).toBe(true);
      expect(renewal.completedDate < String(record.expiryDate)).toBe(true);
      expect(renewal.completedDate <= today).toBe(true);
    }
    // The records as they stand now: a renewal is the record with its new dates.
    const now = training.map(({ record, renewal }) =>
      renewal ? { ...record, ...renewal, status: 'current' as const } : record,
    );
    expect(count(now, 'expiring')).toBeGreaterThanOrEqual(2);
    expect(count(now, 'expiring')).toBeLessThanOrEqual(8);
    expect(count(now, 'expired')).toBeGreaterThanOrEqual(1);
    expect(count(now, 'expired')).toBeLessThanOrEqual(3);
    // One lapsed by date while still marked current: the case the Expired tab and compliance must catch.
    expect(
      now
        .map(view)
        .filter((record) => record.status === 'current' && record.expiryDate !== null && record.expiryDate < today)
        .length,
    ).toBeGreaterThan(0);
  });
});

const view = (record: CreateTrainingRequest) => {
  const parsed = createTrainingRequestSchema.parse(record);
  return { status: parsed.status, expiryDate: parsed.expiryDate ?? null };
};
const count = (records: readonly CreateTrainingRequest[], tab: 'current' | 'expiring' | 'expired' | 'pending') =>
  records.filter((record) => inTrainingTab(tab, view(record), today)).length;
