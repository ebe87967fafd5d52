import type { AlertSliceEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import { evolve, initialAlertState } from './alert-state';
import { followUpTask } from './follow-up-task';

const id = '5d0c7a3e-1f2b-5c4d-8e9f-0a1b2c3d4e5f';
const carerId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const clientId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7e';
const appointmentId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7c';
const userId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7d';

const raised = (
  overrides: Partial<Extract<AlertSliceEvent, { type: 'AlertRaised' }>['data']> = {},
): AlertSliceEvent => ({
  type: 'AlertRaised',
  data: {
    id,
    rule: 'visit_missed',
    subject: appointmentId,
    severity: 'critical',
    title: 'Visit missed',
    description: 'Nobody checked in to the 09:00 visit.',
    relatedKind: 'appointment',
    relatedId: appointmentId,
    carerId,
    clientId,
    appointmentId,
    actionRequired: null,
    dueDate: null,
    ...overrides,
  },
});
const stateOf = (...events: AlertSliceEvent[]) => events.reduce(evolve, initialAlertState);

describe('followUpTask', () => {
  it("takes the alert's title, links, category from what it is about and priority from its severity", () => {
    expect(followUpTask(id, stateOf(raised()), {})).toEqual({
      details: {
        title: 'Follow up: Visit missed',
        description: 'Nobody checked in to the 09:00 visit.',
        type: 'follow_up',
        category: 'care',
        priority: 'urgent',
        dueDate: null,
        clientId,
        carerId,
        appointmentId,
      },
      assignedTo: null,
      alertId: id,
    });
  });

  it.each([
    ['training', 'high', 'training', 'high'],
    ['carer_day', 'low', 'staffing', 'low'],
    ['diary_entry', 'medium', 'care', 'medium'],
  ] as const)(
    'an alert about %s of severity %s becomes a %s task of priority %s',
    (relatedKind, severity, category, priority) => {
      expect(followUpTask(id, stateOf(raised({ relatedKind, severity })), {}).details).toMatchObject({
        category,
        priority,
      });
    },
  );

  it('follows the severity after an escalation', () => {
    const escalated: AlertSliceEvent = { type: 'AlertEscalated', data: { id, severity: 'critical', reason: 'Worse' } };
    expect(followUpTask(id, stateOf(raised({ severity: 'medium' }), escalated), {}).details.priority).toBe('urgent');
  });

  it('keeps what the coordinator chose instead', () => {
    const task = followUpTask(id, stateOf(raised({ dueDate: '2026-11-23T10:00:00.000Z' })), {
      title: 'Ring Mrs Jones',
      category: 'staffing',
      priority: 'low',
      dueDate: '2026-11-24T09:00:00.000Z',
      assignedTo: userId,
    });
    expect(task.details).toMatchObject({
      title: 'Ring Mrs Jones',
      category: 'staffing',
      priority: 'low',
      dueDate: '2026-11-24T09:00:00.000Z',
    });
    expect(task.assignedTo).toBe(userId);
    expect(followUpTask(id, stateOf(raised({ dueDate: '2026-11-23T10:00:00.000Z' })), {}).details.dueDate).toBe(
      '2026-11-23T10:00:00.000Z',
    );
  });

  it('keeps a long title within the task title limit', () => {
    const title = followUpTask(id, stateOf(raised({ title: 't'.repeat(200) })), {}).details.title;
    expect(title).toHaveLength(200);
    expect(title.startsWith('Follow up: ttt')).toBe(true);
  });

  it('refuses an unknown alert', () => {
    expect(refusal(() => followUpTask(id, initialAlertState, {}))).toEqual({
      kind: 'not_found',
      message: 'Alert not found',
      field: undefined,
    });
  });
});
