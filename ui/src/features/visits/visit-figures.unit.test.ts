import type { AppointmentView } from '@care/events';
import { describe, expect, it } from 'vitest';
import { completionRateText, taskProgress, visitMinutes, visitsForTab } from './visit-figures';
import { actionLabel, historyDetails } from '../../records/appointments/visit-history';
import { telHref } from './contact-numbers';

const withStatus = (id: string, status: AppointmentView['status']) => ({ id, status }) as AppointmentView;
const visits = [
  withStatus('a', 'scheduled'),
  withStatus('b', 'in_progress'),
  withStatus('c', 'completed'),
  withStatus('d', 'missed'),
  withStatus('e', 'cancelled'),
];
const ids = (list: AppointmentView[]) => list.map((visit) => visit.id);

describe('visitsForTab', () => {
  it("shows every visit of today under Today's Visits, the status filter narrowing it", () => {
    expect(ids(visitsForTab(visits, 'today', 'all'))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(visitsForTab(visits, 'today', 'scheduled'))).toEqual(['a']);
  });

  it('shows in-progress visits under Live Tracking, and the completed and missed ones under their tabs', () => {
    expect(ids(visitsForTab(visits, 'live', 'all'))).toEqual(['b']);
    expect(ids(visitsForTab(visits, 'completed', 'all'))).toEqual(['c']);
    expect(ids(visitsForTab(visits, 'missed', 'all'))).toEqual(['d']);
    expect(ids(visitsForTab(visits, 'missed', 'completed'))).toEqual([]);
  });
});

describe('visit figures', () => {
  it('counts tasks done of the total as a whole percentage', () => {
    expect(taskProgress({ tasksCompleted: ['a', 'b'], totalTasks: 3 })).toEqual({ done: 2, total: 3, percent: 67 });
    expect(taskProgress({ tasksCompleted: [], totalTasks: 0 })).toEqual({ done: 0, total: 0, percent: 0 });
  });

  it('gives the minutes actually spent once checked out, else the planned duration', () => {
    expect(
      visitMinutes({
        actualStartTime: '2026-01-10T09:05:00Z',
        actualEndTime: '2026-01-10T09:52:00Z',
        scheduledDuration: 60,
      }),
    ).toEqual({ minutes: 47, actual: true });
    expect(
      visitMinutes({ actualStartTime: '2026-01-10T09:05:00Z', actualEndTime: null, scheduledDuration: 60 }),
    ).toEqual({ minutes: 60, actual: false });
  });

  it('shows the completion rate to one decimal, a dash when nothing is due', () => {
    expect(completionRateText({ completionRate: 87.5 })).toBe('87.5%');
    expect(completionRateText({ completionRate: 100 })).toBe('100.0%');
    expect(completionRateText({ completionRate: null })).toBe('—');
  });
});

describe('visit report', () => {
  it('names the recorded changes and their values in words, without ids', () => {
    expect(actionLabel('AppointmentCarerAssigned')).toBe('Appointment carer assigned');
    expect(
      historyDetails({
        id: 'x',
        carerId: 'y',
        reason: 'Client in hospital',
        tasks: ['Breakfast', 'Walk'],
        lateArrival: true,
      }),
    ).toEqual(['Reason: Client in hospital', 'Tasks: Breakfast, Walk', 'Late arrival: true']);
  });

  it('dials only the digits of a phone number', () => {
    expect(telHref('07700 900-123')).toBe('tel:07700900123');
    expect(telHref('+44 20 7946 0000')).toBe('tel:+442079460000');
  });
});
