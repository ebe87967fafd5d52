import { describe, expect, it } from 'vitest';
import { historyEntries } from './prescription-history';

const prescribed = {
  revision: '0',
  type: 'MedicationPrescribed',
  changes: {
    name: 'Metformin',
    dosage: '1 tablet',
    doseTimes: ['08:00'],
    startDate: '2026-11-01',
    endDate: null,
    timeCritical: false,
    allergyOverride: null,
  },
  reason: null,
  at: '2026-11-01T09:00:00.000Z',
  by: 'Ann Lee',
};

describe('a prescription history as a person reads it', () => {
  it('lists the first version with what it was given, and each change field by field, before and after', () => {
    const entries = historyEntries([
      prescribed,
      {
        revision: '3',
        type: 'PrescriptionChanged',
        changes: { dosage: '2 tablets', doseTimes: ['08:00', '20:00'], endDate: '2026-12-31', allergyOverride: null },
        reason: 'GP review',
        at: '2026-11-10T10:00:00.000Z',
        by: 'Ann Lee',
      },
      {
        revision: '5',
        type: 'PrescriptionPaused',
        changes: {},
        reason: 'In hospital',
        at: '2026-11-12T10:00:00.000Z',
        by: null,
      },
    ]);
    expect(entries.map((entry) => [entry.what, entry.reason])).toEqual([
      ['Prescribed', null],
      ['Changed', 'GP review'],
      ['Paused', 'In hospital'],
    ]);
    expect(entries[0]!.fields).toEqual([
      { label: 'Medication', before: null, after: 'Metformin' },
      { label: 'Dosage', before: null, after: '1 tablet' },
      { label: 'Dose times', before: null, after: '08:00' },
      { label: 'Start date', before: null, after: '01/11/2026' },
      { label: 'Time-critical', before: null, after: 'No' },
    ]);
    expect(entries[1]!.fields).toEqual([
      { label: 'Dosage', before: '1 tablet', after: '2 tablets' },
      { label: 'Dose times', before: '08:00', after: '08:00, 20:00' },
      { label: 'End date', before: '—', after: '31/12/2026' },
    ]);
    expect(entries[2]!.fields).toEqual([]);
  });

  it('leaves out a field sent again unchanged, and shows a PRN protocol and an allergy override in words', () => {
    const entries = historyEntries([
      prescribed,
      {
        revision: '1',
        type: 'PrescriptionChanged',
        changes: {
          dosage: '1 tablet',
          prn: { reason: 'Pain', dose: '1 tablet', minIntervalMinutes: 240, maxDosesIn24h: 4 },
          allergyOverride: { allergies: ['Penicillin'], reason: 'Consultant advice' },
        },
        reason: 'Pain relief added',
        at: '2026-11-02T09:00:00.000Z',
        by: 'Ann Lee',
      },
    ]);
    expect(entries[1]!.fields).toEqual([
      {
        label: 'When required (PRN)',
        before: '—',
        after: '1 tablet for Pain, at least 240 minutes apart, at most 4 in 24 hours',
      },
      { label: 'Prescribed despite an allergy', before: '—', after: 'Penicillin: Consultant advice' },
    ]);
  });
});
