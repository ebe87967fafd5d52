import { describe, expect, it } from 'vitest';
import { dosesBetween, isDueDose, periodAt, type DoseSchedule } from './dose-schedule';

const schedule = (doseTimes: string[], extra: Partial<DoseSchedule> = {}): DoseSchedule => ({
  startDate: '2026-01-01',
  endDate: null,
  periods: [{ from: null, doseTimes, active: true }],
  ...extra,
});

describe('dose times on the London wall clock', () => {
  it('puts an 08:00 dose at 08:00 GMT in winter and 07:00 UTC (08:00 BST) in summer', () => {
    expect(
      dosesBetween(schedule(['08:00']), '2026-01-10T00:00:00Z', '2026-01-11T00:00:00Z').map((d) => d.dueAt),
    ).toEqual(['2026-01-10T08:00:00.000Z']);
    expect(
      dosesBetween(schedule(['08:00']), '2026-07-10T00:00:00Z', '2026-07-11T00:00:00Z').map((d) => d.dueAt),
    ).toEqual(['2026-07-10T07:00:00.000Z']);
  });

  it('keeps the 08:00 and 20:00 doses at 08:00 and 20:00 London time across the March change (29/03/2026)', () => {
    const doses = dosesBetween(schedule(['08:00', '20:00']), '2026-03-28T00:00:00Z', '2026-03-30T23:00:00Z');
    expect(doses.map((d) => [d.date, d.time, d.dueAt])).toEqual([
      ['2026-03-28', '08:00', '2026-03-28T08:00:00.000Z'],
      ['2026-03-28', '20:00', '2026-03-28T20:00:00.000Z'],
      ['2026-03-29', '08:00', '2026-03-29T07:00:00.000Z'],
      ['2026-03-29', '20:00', '2026-03-29T19:00:00.000Z'],
      ['2026-03-30', '08:00', '2026-03-30T07:00:00.000Z'],
      ['2026-03-30', '20:00', '2026-03-30T19:00:00.000Z'],
    ]);
  });

  it('keeps them across the October change (25/10/2026), with 12 hours and 13 hours between doses that day', () => {
    const doses = dosesBetween(schedule(['08:00', '20:00']), '2026-10-24T12:00:00Z', '2026-10-26T12:00:00Z');
    expect(doses.map((d) => d.dueAt)).toEqual([
      '2026-10-24T19:00:00.000Z',
      '2026-10-25T08:00:00.000Z',
      '2026-10-25T20:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
    ]);
  });

  it('gives a dose at a time the March change skips (01:30) once, after the change, and one at a repeated October time once', () => {
    const march = dosesBetween(schedule(['01:30']), '2026-03-29T00:00:00Z', '2026-03-30T00:00:00Z');
    expect(march).toHaveLength(1);
    expect(march[0]?.date).toBe('2026-03-29');
    expect(Date.parse(march[0]!.dueAt)).toBeGreaterThanOrEqual(Date.parse('2026-03-29T01:00:00Z'));
    const october = dosesBetween(schedule(['01:30']), '2026-10-24T23:00:00Z', '2026-10-25T23:00:00Z');
    expect(october.map((d) => d.dueAt)).toEqual(['2026-10-25T00:30:00.000Z']);
  });

  it('counts 24 hourly doses on an ordinary day, 23 on the March change day and 24 on the October one (01:00 once)', () => {
    const hourly = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);
    const day = (from: string, to: string) => dosesBetween(schedule(hourly), from, to).length;
    expect(day('2026-03-10T00:00:00Z', '2026-03-11T00:00:00Z')).toBe(24);
    // 29/03 in London runs from 00:00 GMT to 23:00 UTC: 23 hours; 01:00 does not exist and is read as 02:00 BST,
    // which is the 02:00 dose: one dose at that instant, not two.
    const march = dosesBetween(schedule(hourly), '2026-03-29T00:00:00Z', '2026-03-29T23:00:00Z');
    expect(march).toHaveLength(23);
    expect(new Set(march.map((d) => d.dueAt)).size).toBe(23);
    expect(day('2026-10-24T23:00:00Z', '2026-10-26T00:00:00Z')).toBe(24);
  });
});

describe('the schedule over time', () => {
  it('starts on the start date and stops after the end date', () => {
    const doses = dosesBetween(
      schedule(['09:00'], { startDate: '2026-02-02', endDate: '2026-02-03' }),
      '2026-02-01T00:00:00Z',
      '2026-02-05T00:00:00Z',
    );
    expect(doses.map((d) => d.date)).toEqual(['2026-02-02', '2026-02-03']);
  });

  it('follows each version from the instant it took effect, and no dose is due while paused', () => {
    const changed: DoseSchedule = {
      startDate: '2026-02-01',
      endDate: null,
      periods: [
        { from: null, doseTimes: ['08:00', '20:00'], active: true },
        { from: '2026-02-02T12:00:00.000Z', doseTimes: ['09:00'], active: true },
        { from: '2026-02-03T12:00:00.000Z', doseTimes: ['09:00'], active: false },
        { from: '2026-02-04T12:00:00.000Z', doseTimes: ['09:00'], active: true },
      ],
    };
    const doses = dosesBetween(changed, '2026-02-02T00:00:00Z', '2026-02-06T00:00:00Z');
    expect(doses.map((d) => d.dueAt)).toEqual([
      '2026-02-02T08:00:00.000Z',
      '2026-02-03T09:00:00.000Z',
      '2026-02-05T09:00:00.000Z',
    ]);
    expect(periodAt(changed, '2026-02-04T09:00:00.000Z')?.active).toBe(false);
  });

  it('knows a real dose from an instant no dose is due at', () => {
    expect(isDueDose(schedule(['08:00']), '2026-07-10T07:00:00.000Z')).toBe(true);
    expect(isDueDose(schedule(['08:00']), '2026-07-10T08:00:00.000Z')).toBe(false);
    expect(isDueDose(schedule(['08:00']), 'not a time')).toBe(false);
  });
});
