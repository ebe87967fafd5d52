import { describe, expect, it } from 'vitest';
import { addWorkingDays, defaultDutyDueDate, dutyMet } from './incident-duties';
import {
  amendIncidentRequestSchema,
  escalateIncidentRequestSchema,
  incidentDutyRequestSchema,
  incidentDutyStepRequestSchema,
  reportIncidentRequestSchema,
} from './incident-request';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('incident requests', () => {
  it('a report needs type, severity, title, description and when it happened; blanks become null', () => {
    expect(messages(reportIncidentRequestSchema.safeParse({}))).toMatchObject({
      type: 'Type must be one of: accident, medication_error, behavioral, safeguarding',
      severity: 'Severity must be one of: low, medium, high, critical',
      title: 'Title is required',
      description: 'Description is required',
      dateOccurred: 'Date occurred is required',
    });
    const parsed = reportIncidentRequestSchema.parse({
      type: 'accident',
      severity: 'low',
      title: ' Trip ',
      description: 'On the step',
      dateOccurred: '2026-11-23T10:00:00+00:00',
      location: '',
      clientId: '',
    });
    expect(parsed).toMatchObject({
      title: 'Trip',
      location: null,
      clientId: null,
      followUpRequired: false,
      dateOccurred: '2026-11-23T10:00:00.000Z',
    });
  });

  it('an amendment needs a reason, and cannot blank the title', () => {
    expect(messages(amendIncidentRequestSchema.safeParse({ location: 'Hall' }))).toEqual({
      reason: 'Reason is required',
    });
    expect(messages(amendIncidentRequestSchema.safeParse({ title: '', reason: 'x' }))).toEqual({
      title: 'Title is required',
    });
    expect(amendIncidentRequestSchema.safeParse({ severity: 'critical', reason: 'x' }).data).not.toHaveProperty(
      'severity',
    );
  });

  it('an escalation raises the severity or names a person, and always says why', () => {
    expect(messages(escalateIncidentRequestSchema.safeParse({ reason: 'x' }))).toEqual({
      severity: 'Raise the severity or choose the person to hand it to',
    });
    expect(messages(escalateIncidentRequestSchema.safeParse({ severity: 'critical' }))).toEqual({
      reason: 'Reason is required',
    });
    expect(
      escalateIncidentRequestSchema.safeParse({ escalatedTo: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a80', reason: 'x' })
        .success,
    ).toBe(true);
  });

  it('a duty takes only its own reasons, and a step only its own steps', () => {
    expect(
      incidentDutyRequestSchema.safeParse({ duty: 'cqc_notification', reason: 'police_involvement' }).success,
    ).toBe(true);
    expect(messages(incidentDutyRequestSchema.safeParse({ duty: 'riddor', reason: 'police_involvement' }))).toEqual({
      reason: 'This reason does not apply to this duty',
    });
    expect(
      messages(
        incidentDutyStepRequestSchema.safeParse({ duty: 'riddor', step: 'apology_given', doneOn: '2026-11-23' }),
      ),
    ).toEqual({ step: 'This step is not part of this duty' });
  });
});

describe('statutory duty rules', () => {
  it('counts working days over weekends', () => {
    // Friday 20/11/2026 + 1 working day = Monday 23/11.
    expect(addWorkingDays('2026-11-20', 1)).toBe('2026-11-23');
    expect(addWorkingDays('2026-11-23', 10)).toBe('2026-12-07');
  });

  it('dates each duty from awareness or occurrence', () => {
    const dates = { aware: '2026-11-23', occurred: '2026-11-20' };
    expect(defaultDutyDueDate('cqc_notification', 'death', dates)).toBe('2026-11-24');
    expect(defaultDutyDueDate('riddor', 'specified_injury', dates)).toBe('2026-11-30');
    expect(defaultDutyDueDate('riddor', 'over_seven_day_injury', dates)).toBe('2026-12-05');
    expect(defaultDutyDueDate('duty_of_candour', 'severe_harm', dates)).toBe('2026-12-07');
  });

  it('meets duty of candour only with both steps', () => {
    expect(dutyMet('duty_of_candour', new Set(['apology_given']))).toBe(false);
    expect(dutyMet('duty_of_candour', new Set(['apology_given', 'written_notice_sent']))).toBe(true);
    expect(dutyMet('cqc_notification', new Set(['notification_sent']))).toBe(true);
  });
});
