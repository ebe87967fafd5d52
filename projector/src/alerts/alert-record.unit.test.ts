import { describe, expect, it } from 'vitest';
import type { AlertSliceEvent } from '@care/events';
import { evolveAlert, type AlertRecorded } from './alert-record';

const id = '0190a5b2-7c3d-7e4f-8a1b-0000000000a1';
type Raised = Extract<AlertSliceEvent, { type: 'AlertRaised' }>;

const recorded = (event: AlertSliceEvent): AlertRecorded =>
  ({
    ...event,
    eventId: '0190a5b2-7c3d-7e4f-8a1b-0000000001a1',
    streamId: `alert-${id}`,
    revision: 0n,
    position: { commit: 1n, prepare: 1n },
    metadata: { userId: 'system:rules', occurredAt: '2026-11-20T09:00:00.000Z', correlationId: 'c', causationId: 'c' },
  }) as AlertRecorded;

const raised = (data: Partial<Raised['data']>): Raised => ({
  type: 'AlertRaised',
  data: {
    id,
    rule: 'visit-missed',
    subject: 'subject-1',
    severity: 'critical',
    title: 'Visit missed',
    description: 'Nobody checked in',
    relatedKind: 'appointment',
    relatedId: 'subject-1',
    carerId: null,
    clientId: null,
    appointmentId: null,
    actionRequired: null,
    dueDate: null,
    ...data,
  },
});

/** Given an alert raised by a rule, when it is folded, then its row says who acts on it and which group it shows in. */
describe('an alert row’s audience and group', () => {
  it('takes the audience from the rule: a missed visit is the care team’s and stands alone', () => {
    expect(evolveAlert(undefined, recorded(raised({})))).toMatchObject({ audience: 'care', group_key: null });
  });

  it('puts an overdue invoice in the finance audience and in the one group of overdue invoices', () => {
    expect(evolveAlert(undefined, recorded(raised({ rule: 'invoice-overdue', severity: 'medium' })))).toMatchObject({
      audience: 'finance',
      group_key: 'invoice-overdue',
    });
  });

  it('keeps the narrower group an alert names (a payroll period), and the group of an alert raised before groups', () => {
    const perPeriod = raised({
      rule: 'payroll-below-minimum-wage',
      group: 'payroll-below-minimum-wage/2026-11-01/2026-11-14',
    });
    expect(evolveAlert(undefined, recorded(perPeriod))).toMatchObject({
      audience: 'finance',
      group_key: 'payroll-below-minimum-wage/2026-11-01/2026-11-14',
    });
    expect(evolveAlert(undefined, recorded(raised({ rule: 'training-expired' })))).toMatchObject({
      audience: 'people',
      group_key: 'training-expired',
    });
  });

  it('gives an alert raised by hand or an emergency to the care team, alone', () => {
    expect(evolveAlert(undefined, recorded(raised({ rule: 'manual', group: 'ignored' })))).toMatchObject({
      audience: 'care',
      group_key: null,
    });
  });
});
