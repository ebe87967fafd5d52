import { describe, expect, it } from 'vitest';
import type { MedicationOutcomeFact, PrescriptionDoseFact } from '@care/projector/rule-facts';
import { medicationDoseMissed, medicationRefusedTwice, medicationTimeCriticalMissed } from './medication-rules';

const prescription = (overrides: Partial<PrescriptionDoseFact> = {}): PrescriptionDoseFact => ({
  id: '0190a6b0-0000-7000-8000-0000000000e1',
  name: 'Co-careldopa',
  clientId: '0190a6b0-0000-7000-8000-0000000000c1',
  clientName: 'Edith Green',
  timeCritical: false,
  schedule: { startDate: '2026-11-10', endDate: null, periods: [{ from: null, doseTimes: ['08:00'], active: true }] },
  recorded: [],
  ...overrides,
});
const DUE = '2026-11-10T08:00:00.000Z';
const at = (hhmm: string) => new Date(`2026-11-10T${hhmm}:00.000Z`);

describe('medication-dose-missed (high)', () => {
  it('given a dose with no outcome, raises nothing within its hour and a high alert once the hour has passed', () => {
    expect(medicationDoseMissed.holds([prescription()], at('08:59'))).toEqual([]);
    const [alert] = medicationDoseMissed.holds([prescription()], at('09:01'));
    expect(medicationDoseMissed.severity).toBe('high');
    expect(alert).toMatchObject({
      subject: `${prescription().id}/${DUE}`,
      title: 'Medication dose missed: Co-careldopa',
      description:
        "Edith Green's 08:00 on 10/11/2026 dose of Co-careldopa has no record of being given, refused or missed 60 minutes after it was due.",
      relatedKind: 'prescription',
      clientId: prescription().clientId,
    });
  });

  it('raises nothing for a dose with an outcome, nor for a time-critical medicine (its own rule does)', () => {
    expect(medicationDoseMissed.holds([prescription({ recorded: [DUE] })], at('09:01'))).toEqual([]);
    expect(medicationDoseMissed.holds([prescription({ timeCritical: true })], at('09:01'))).toEqual([]);
  });

  it('keeps the 08:00 dose at 07:00 UTC in summer, so its hour ends at 08:00 UTC', () => {
    const summer = prescription({
      schedule: {
        startDate: '2026-06-10',
        endDate: null,
        periods: [{ from: null, doseTimes: ['08:00'], active: true }],
      },
    });
    expect(medicationDoseMissed.holds([summer], new Date('2026-06-10T07:59:00.000Z'))).toEqual([]);
    expect(medicationDoseMissed.holds([summer], new Date('2026-06-10T08:01:00.000Z')).map((a) => a.subject)).toEqual([
      `${summer.id}/2026-06-10T07:00:00.000Z`,
    ]);
  });
});

describe('medication-time-critical-missed (critical)', () => {
  it('given a time-critical dose with no outcome, raises a critical alert after 30 minutes', () => {
    const critical = prescription({ timeCritical: true });
    expect(medicationTimeCriticalMissed.holds([critical], at('08:29'))).toEqual([]);
    const [alert] = medicationTimeCriticalMissed.holds([critical], at('08:31'));
    expect(medicationTimeCriticalMissed.severity).toBe('critical');
    expect(alert?.title).toBe('Time-critical dose missed: Co-careldopa');
  });
});

describe('medication-refused-twice (medium)', () => {
  const outcome = (dueAt: string, status: string, reason: string | null = 'Said no'): MedicationOutcomeFact => ({
    prescriptionId: prescription().id,
    name: 'Amlodipine',
    clientId: prescription().clientId,
    clientName: 'Edith Green',
    status,
    code: status === 'refused' ? 'R' : 'T',
    addedCodeLabel: null,
    reason,
    dueAt: new Date(dueAt),
    administeredAt: new Date(dueAt),
  });

  it('given two refusals in a row, raises one medium alert about the prescription', () => {
    const [alert, ...rest] = medicationRefusedTwice.holds(
      [outcome('2026-11-09T08:00:00.000Z', 'refused'), outcome(DUE, 'refused', 'Feels sick')],
      at('10:00'),
    );
    expect(rest).toEqual([]);
    expect(medicationRefusedTwice.severity).toBe('medium');
    expect(alert).toMatchObject({
      subject: prescription().id,
      title: 'Amlodipine refused twice in a row',
      description: 'Edith Green refused Amlodipine at 08:00 on 09/11/2026 and 08:00 on 10/11/2026 ("Feels sick").',
    });
  });

  it('raises nothing when the latest dose was taken, or after one refusal', () => {
    expect(
      medicationRefusedTwice.holds(
        [outcome('2026-11-09T08:00:00.000Z', 'refused'), outcome(DUE, 'given')],
        at('10:00'),
      ),
    ).toEqual([]);
    expect(medicationRefusedTwice.holds([outcome(DUE, 'refused')], at('10:00'))).toEqual([]);
  });
});
