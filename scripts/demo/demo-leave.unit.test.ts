import { describe, expect, it } from 'vitest';
import { addDays, requestLeaveRequestSchema } from '@care/events';
import { DEMO_VISIT_DAYS_AHEAD } from './demo-appointments';
import { demoLeave } from './demo-leave';

const today = '2026-11-28';

describe('the demo leave requests', () => {
  it('are valid requests, one in each state, for different carers', () => {
    const leave = demoLeave(today);
    for (const { request } of leave)
      expect(requestLeaveRequestSchema.safeParse({ ...request, carerId: crypto.randomUUID() }).success).toBe(true);
    expect(new Set(leave.map(({ outcome }) => outcome.kind))).toEqual(
      new Set(['waiting', 'approved', 'declined', 'cancelled']),
    );
    expect(new Set(leave.map(({ carerIndex }) => carerIndex)).size).toBe(leave.length);
  });

  it('lie beyond the booked visits, so approving one unassigns nothing', () => {
    for (const { request } of demoLeave(today)) expect(request.from > addDays(today, DEMO_VISIT_DAYS_AHEAD)).toBe(true);
  });

  it('decide after they were asked, and before today', () => {
    for (const { requestedDaysAgo, outcome } of demoLeave(today)) {
      if (outcome.kind === 'waiting') continue;
      expect(outcome.daysAfterRequest).toBeGreaterThan(0);
      expect(outcome.daysAfterRequest).toBeLessThan(requestedDaysAgo);
      if (outcome.kind === 'cancelled') expect(outcome.cancelledDaysAfterRequest).toBeLessThan(requestedDaysAgo);
    }
  });
});
