import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import {
  cancelAppointmentRequestSchema,
  checkInRequestSchema,
  checkOutRequestSchema,
  londonToday,
  noShowRequestSchema,
  scheduleAppointmentRequestSchema,
} from '@care/events';
import { demoVisits } from './demo-appointments';

const carers = Array.from({ length: 27 }, () => uuidv7());
const clients = Array.from({ length: 140 }, () => uuidv7());
const STEP_SCHEMAS = {
  'check-in': checkInRequestSchema,
  'check-out': checkOutRequestSchema,
  cancel: cancelAppointmentRequestSchema,
  'no-show': noShowRequestSchema,
} as const;

describe('demo visits', () => {
  for (const now of [
    new Date('2026-11-21T10:07:00Z'),
    new Date('2026-11-21T05:10:00Z'),
    new Date('2026-07-01T22:40:00Z'),
  ]) {
    const visits = demoVisits(carers, clients, now);

    it(`passes the API's validation and never books a carer twice at once (seeded at ${now.toISOString()})`, () => {
      expect(visits.length).toBeGreaterThan(3000);
      const byCarer = new Map<string, [number, number][]>();
      for (const { schedule, steps } of visits) {
        const parsed = scheduleAppointmentRequestSchema.parse(schedule);
        for (const step of steps) expect(STEP_SCHEMAS[step.action].safeParse(step.body).success).toBe(true);
        if (!parsed.carerId) continue;
        const start = Date.parse(parsed.scheduledStart);
        const slots = byCarer.get(parsed.carerId) ?? [];
        const end = start + parsed.durationMinutes * 60_000;
        expect(slots.filter(([otherStart, otherEnd]) => start < otherEnd && otherStart < end)).toEqual([]);
        slots.push([start, end]);
        byCarer.set(parsed.carerId, slots);
      }
    });

    it(`records nothing in the future (seeded at ${now.toISOString()})`, () => {
      for (const { steps } of visits) {
        for (const { body } of steps) {
          const times = body as { checkedInAt?: string; checkedOutAt?: string };
          const at = times.checkedOutAt ?? times.checkedInAt;
          if (at !== undefined) expect(Date.parse(at)).toBeLessThanOrEqual(now.getTime());
        }
      }
    });
  }

  it('records no check-in or check-out after the moment it is seeded, whatever the time of day', () => {
    // Every 20 minutes of a day: a visit that ended just before the seed must not be checked out after it. The times
    // after their seed are collected and compared once (an expect per time made this test take most of a minute).
    const late: string[] = [];
    for (let minute = 0; minute < 24 * 60; minute += 20) {
      const now = new Date(Date.parse('2026-11-21T00:00:00Z') + minute * 60_000);
      for (const { steps } of demoVisits(carers, clients, now)) {
        for (const { body } of steps) {
          const { checkedInAt, checkedOutAt } = body as { checkedInAt?: string; checkedOutAt?: string };
          for (const at of [checkedInAt, checkedOutAt])
            if (at !== undefined && Date.parse(at) > now.getTime()) late.push(`${at} seeded at ${now.toISOString()}`);
        }
      }
    }
    expect(late).toEqual([]);
  });

  it('checks in and out on the phone at the moment it happens, and one visit in ten by hand after it, with a reason', () => {
    const now = new Date('2026-11-21T14:00:00Z');
    const checks = visits(now).flatMap(({ steps }) => steps.filter((step) => step.action.startsWith('check-')));
    const typed = checks.filter((step) => (step.body as { source?: string }).source === 'Manual');
    const onPhone = checks.filter((step) => (step.body as { source?: string }).source === 'Mobile');
    expect(typed.length / checks.length).toBeGreaterThan(0.05);
    expect(typed.length / checks.length).toBeLessThan(0.15);
    for (const step of onPhone) {
      const body = step.body as { checkedInAt?: string; checkedOutAt?: string; handEnteredReason?: string | null };
      expect(step.at.toISOString()).toBe(body.checkedInAt ?? body.checkedOutAt);
      expect(body.handEnteredReason ?? null).toBeNull();
    }
    for (const step of typed) {
      const body = step.body as { checkedInAt?: string; checkedOutAt?: string; handEnteredReason?: string | null };
      const time = Date.parse(String(body.checkedInAt ?? body.checkedOutAt));
      expect(step.at.getTime()).toBeGreaterThan(time);
      expect(step.at.getTime() - time).toBeLessThan(12 * 3_600_000);
      expect(body.handEnteredReason).toEqual(expect.any(String));
    }
    expect(checks.every((step) => step.at.getTime() <= now.getTime())).toBe(true);
  });

  it('gives today visits in every state, and the demo carer one to check in to shortly', () => {
    const now = new Date('2026-11-21T14:00:00Z');
    const today = visits(now).filter(({ schedule }) => londonToday(new Date(schedule.scheduledStart)) === '2026-11-21');
    const actions = today.map(({ steps }) => steps.map((step) => step.action).join('+'));
    expect(actions).toContain('check-in+check-out');
    expect(actions).toContain('check-in');
    expect(actions).toContain('cancel');
    expect(actions).toContain('no-show');
    expect(actions).toContain('');
    expect(today.some(({ schedule }) => schedule.carerId === null)).toBe(true);
    const own = today.filter(
      ({ schedule }) => schedule.carerId === carers[0] && Date.parse(schedule.scheduledStart) > now.getTime(),
    );
    expect(own.map(({ schedule }) => (Date.parse(schedule.scheduledStart) - now.getTime()) / 60_000)).toContain(20);
  });
});

const visits = (now: Date) => demoVisits(carers, clients, now);
