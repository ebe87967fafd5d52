import { describe, expect, it } from 'vitest';
import type { ReportScheduleEvent } from '@care/events';
import { refusal } from '../shared/refusal.testing';
import {
  decide,
  evolve,
  initialReportScheduleState,
  type RecordedScheduleEvent,
  type ReportScheduleCommand,
} from './report-schedule-decide';

const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const coordinator = '0190a5b2-0000-7e4f-8a1b-2c3d4e5f6a01';
const otherCoordinator = '0190a5b2-0000-7e4f-8a1b-2c3d4e5f6a02';
const admin = '0190a5b2-0000-7e4f-8a1b-2c3d4e5f6a03';
const plan = {
  name: 'Weekly overview',
  report: 'overview',
  format: 'pdf',
  frequency: 'weekly',
  region: null,
  carerId: null,
} as const;
const scheduled: RecordedScheduleEvent = {
  type: 'ReportScheduled',
  data: { id, ...plan, startsOn: '2026-11-23' },
  metadata: { userId: coordinator },
};
const paused: RecordedScheduleEvent = { type: 'ReportSchedulePaused', data: { id }, metadata: { userId: coordinator } };
const generated = (periodFrom: string) => ({
  id,
  runId: '0190a5b2-1111-7e4f-8a1b-2c3d4e5f6a7b',
  periodFrom,
  periodTo: '2026-11-29',
  generatedAt: '2026-11-30T07:00:00.000Z',
  fileName: 'overview-report.pdf',
  contentType: 'application/pdf' as const,
  sizeBytes: 1234,
  sha256: 'a'.repeat(64),
});

/** Given past events, when a command, then the new events or the refusal. */
function given(...events: RecordedScheduleEvent[]) {
  const state = events.reduce(evolve, initialReportScheduleState);
  return {
    when: (command: ReportScheduleCommand) => ({
      then: (expected: ReportScheduleEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenRefused: () => refusal(() => decide(command, state)),
    }),
  };
}

describe('decide: report schedules', () => {
  it('schedules a report from the day it was asked for', () => {
    given()
      .when({ type: 'ScheduleReport', id, plan, startsOn: '2026-11-23' })
      .then([scheduled].map(({ type, data }) => ({ type, data }) as ReportScheduleEvent));
  });

  it('lets whoever scheduled it pause, resume and delete it; pausing twice records nothing', () => {
    const actor = { userId: coordinator, role: 'coordinator' } as const;
    given(scheduled)
      .when({ type: 'PauseSchedule', id, actor })
      .then([{ type: 'ReportSchedulePaused', data: { id } }]);
    given(scheduled, paused).when({ type: 'PauseSchedule', id, actor }).then([]);
    given(scheduled, paused)
      .when({ type: 'ResumeSchedule', id, actor })
      .then([{ type: 'ReportScheduleResumed', data: { id } }]);
    given(scheduled)
      .when({ type: 'DeleteSchedule', id, actor })
      .then([{ type: 'ReportScheduleDeleted', data: { id } }]);
  });

  it("refuses another coordinator, but lets an administrator manage anyone's schedule", () => {
    expect(
      given(scheduled)
        .when({ type: 'PauseSchedule', id, actor: { userId: otherCoordinator, role: 'coordinator' } })
        .thenRefused(),
    ).toMatchObject({ kind: 'forbidden' });
    given(scheduled)
      .when({ type: 'DeleteSchedule', id, actor: { userId: admin, role: 'admin' } })
      .then([{ type: 'ReportScheduleDeleted', data: { id } }]);
  });

  it('records a generated period once, and nothing for a paused schedule', () => {
    given(scheduled)
      .when({ type: 'RecordGeneratedReport', data: generated('2026-11-23') })
      .then([{ type: 'ScheduledReportGenerated', data: generated('2026-11-23') }]);
    const done: RecordedScheduleEvent = {
      type: 'ScheduledReportGenerated',
      data: generated('2026-11-23'),
      metadata: { userId: 'system:report-scheduler' },
    };
    given(scheduled, done)
      .when({ type: 'RecordGeneratedReport', data: generated('2026-11-23') })
      .then([]);
    given(scheduled, paused)
      .when({ type: 'RecordGeneratedReport', data: generated('2026-11-23') })
      .then([]);
  });

  it('refuses anything on a deleted or unknown schedule as not found', () => {
    const deleted: RecordedScheduleEvent = {
      type: 'ReportScheduleDeleted',
      data: { id },
      metadata: { userId: coordinator },
    };
    const actor = { userId: admin, role: 'admin' } as const;
    expect(given(scheduled, deleted).when({ type: 'ResumeSchedule', id, actor }).thenRefused()).toMatchObject({
      kind: 'not_found',
    });
    expect(given().when({ type: 'PauseSchedule', id, actor }).thenRefused()).toMatchObject({ kind: 'not_found' });
  });
});
