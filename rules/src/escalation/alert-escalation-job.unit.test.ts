import { describe, expect, it } from 'vitest';
import { dueEscalation, escalationAudience } from './alert-escalation-job';

const openedAt = '2026-03-02T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(openedAt) + minutes * 60_000);
const waits = { escalateCriticalMinutes: 15, escalateHighMinutes: 60 };

describe('dueEscalation', () => {
  it('a critical alert: step 1 at its wait, step 2 at twice the wait, nothing before', () => {
    expect(dueEscalation('critical', [], openedAt, at(14), waits)).toBeNull();
    expect(dueEscalation('critical', [], openedAt, at(15), waits)).toEqual({ step: 1, afterMinutes: 15 });
    expect(dueEscalation('critical', [1], openedAt, at(29), waits)).toBeNull();
    expect(dueEscalation('critical', [1], openedAt, at(30), waits)).toEqual({ step: 2, afterMinutes: 30 });
    expect(dueEscalation('critical', [1, 2], openedAt, at(600), waits)).toBeNull();
  });

  it('a job that was down sends step 1 first, even when step 2 is due too', () => {
    expect(dueEscalation('critical', [], openedAt, at(45), waits)).toEqual({ step: 1, afterMinutes: 15 });
  });

  it('a high alert escalates once, at its own wait; medium and low never', () => {
    expect(dueEscalation('high', [], openedAt, at(59), waits)).toBeNull();
    expect(dueEscalation('high', [], openedAt, at(60), waits)).toEqual({ step: 1, afterMinutes: 60 });
    expect(dueEscalation('high', [1], openedAt, at(600), waits)).toBeNull();
    expect(dueEscalation('medium', [], openedAt, at(6000), waits)).toBeNull();
    expect(dueEscalation('low', [], openedAt, at(6000), waits)).toBeNull();
  });
});

describe('escalationAudience', () => {
  it('critical: the on-call contact first (the administrators when no email is set), then the administrators; high: the coordinators', () => {
    expect(escalationAudience('critical', 1, 'on-call@agency.example')).toBe('on-call');
    expect(escalationAudience('critical', 1, null)).toBe('administrators');
    expect(escalationAudience('critical', 2, 'on-call@agency.example')).toBe('administrators');
    expect(escalationAudience('high', 1, 'on-call@agency.example')).toBe('coordinators');
  });
});
