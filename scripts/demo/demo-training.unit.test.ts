import { describe, expect, it } from 'vitest';
import { createTrainingRequestSchema, inTrainingTab } from '@care/events';
import { demoTraining } from './demo-training';

const carerIds = Array.from({ length: 30 }, (_, i) => `0190a5b2-7c3d-7e4f-8a1b-${String(i).padStart(12, '0')}`);
const today = '2025-03-15';

describe('demoTraining', () => {
  const records = demoTraining(carerIds, today);

  it('is the same every time for the same day', () => {
    expect(demoTraining(carerIds, today)).toEqual(records);
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

  it('has records in every tab: current, expiring soon, expired and pending', () => {
    const view = (record: (typeof records)[number]) => {
      const parsed = createTrainingRequestSchema.parse(record);
      return { status: parsed.status, expiryDate: parsed.expiryDate ?? null };
    };
    const count = (tab: 'current' | 'expiring' | 'expired' | 'pending') =>
      records.filter((record) => inTrainingTab(tab, view(record), today)).length;
    expect(count('current')).toBeGreaterThan(records.length / 2);
    expect(count('expiring')).toBeGreaterThanOrEqual(10);
    expect(count('expired')).toBeGreaterThanOrEqual(10);
    expect(count('pending')).toBeGreaterThanOrEqual(5);
    // Some lapsed by date while still marked current: the case the Expired tab and compliance must catch.
    expect(
      records
        .map(view)
        .filter((record) => record.status === 'current' && record.expiryDate !== null && record.expiryDate < today)
        .length,
    ).toBeGreaterThan(0);
  });
});
