import type { LeaveView } from '@care/events';
import { describe, expect, it } from 'vitest';
import { leaveActions, leaveByDay, leaveDatesText, nextLeaveByCarer, requesterText } from './leave-labels';

const ME = '0190a5b2-7c3d-7e4f-8a1b-00000000000a';
const CARER_ACCOUNT = '0190a5b2-7c3d-7e4f-8a1b-00000000000b';
const OFFICE = '0190a5b2-7c3d-7e4f-8a1b-00000000000c';

function leave(overrides: Partial<LeaveView>): LeaveView {
  return {
    id: overrides.id ?? 'leave-1',
    carerId: 'carer-1',
    carerName: 'Nadia Hussain',
    kind: 'annual',
    from: '2027-03-08',
    to: '2027-03-12',
    dayPart: 'full',
    note: null,
    status: 'requested',
    requestedByUserId: CARER_ACCOUNT,
    decidedByUserId: null,
    decidedAt: null,
    reason: null,
    unassignedAppointmentIds: [],
    revision: '1',
    createdAt: '2027-03-01T09:00:00.000Z',
    updatedAt: '2027-03-01T09:00:00.000Z',
    ...overrides,
  };
}

describe('leaveDatesText', () => {
  it('writes UK dates, one date for a single day, and names the half of a half day', () => {
    expect(leaveDatesText(leave({}))).toBe('08/03/2027 to 12/03/2027');
    expect(leaveDatesText(leave({ to: '2027-03-08' }))).toBe('08/03/2027');
    expect(leaveDatesText(leave({ to: '2027-03-08', dayPart: 'morning' }))).toBe('08/03/2027 (morning)');
    expect(leaveDatesText(leave({ to: '2027-03-08', dayPart: 'afternoon' }))).toBe('08/03/2027 (afternoon)');
  });
});

describe('requesterText', () => {
  it('names the reader, the carer, or the office', () => {
    expect(requesterText(leave({ requestedByUserId: ME }), { userId: ME, carerUserId: CARER_ACCOUNT })).toBe('You');
    expect(requesterText(leave({}), { userId: ME, carerUserId: CARER_ACCOUNT })).toBe('Nadia Hussain');
    expect(requesterText(leave({ requestedByUserId: OFFICE }), { userId: ME, carerUserId: CARER_ACCOUNT })).toBe(
      'The office',
    );
  });
});

describe('leaveActions', () => {
  const approver = { userId: ME, mayApprove: true, carerUserId: CARER_ACCOUNT };
  const carer = { userId: CARER_ACCOUNT, mayApprove: false, carerUserId: CARER_ACCOUNT };

  it("offers Approve and Decline on a carer's waiting request to an approver, with Cancel", () => {
    expect(leaveActions(leave({}), approver)).toEqual({ decide: true, cancel: 'cancel' });
  });

  it('offers no Approve on a request the approver made, only withdrawing it', () => {
    expect(leaveActions(leave({ requestedByUserId: ME }), approver)).toEqual({ decide: false, cancel: 'withdraw' });
  });

  it("offers no Approve on the approver's own leave, even asked for by someone else", () => {
    const own = { ...approver, carerUserId: ME };
    expect(leaveActions(leave({ requestedByUserId: OFFICE }), own)).toEqual({ decide: false, cancel: 'cancel' });
  });

  it('lets a carer withdraw their own waiting request only: never approve, never cancel approved leave', () => {
    expect(leaveActions(leave({}), carer)).toEqual({ decide: false, cancel: 'withdraw' });
    expect(leaveActions(leave({ status: 'approved' }), carer)).toEqual({ decide: false, cancel: null });
    expect(leaveActions(leave({ requestedByUserId: OFFICE }), carer)).toEqual({ decide: false, cancel: null });
  });

  it('lets an approver cancel approved leave, and do nothing to declined or cancelled leave', () => {
    expect(leaveActions(leave({ status: 'approved' }), approver)).toEqual({ decide: false, cancel: 'cancel' });
    expect(leaveActions(leave({ status: 'declined' }), approver)).toEqual({ decide: false, cancel: null });
    expect(leaveActions(leave({ status: 'cancelled' }), approver)).toEqual({ decide: false, cancel: null });
  });
});

describe('leaveByDay', () => {
  it('puts approved leave on each day it covers, both ends included, carers in name order', () => {
    const days = ['2027-03-07', '2027-03-08', '2027-03-12', '2027-03-13'];
    const byDay = leaveByDay(
      [
        leave({ id: 'a', status: 'approved', carerName: 'Zoe Adams' }),
        leave({ id: 'b', status: 'approved', carerName: 'Amir Khan', from: '2027-03-12', to: '2027-03-12' }),
        leave({ id: 'c', status: 'requested', carerName: 'Bea Lowe' }),
      ],
      days,
    );
    const ids = (day: string) => byDay.get(day)?.map((item) => item.id);
    expect(ids('2027-03-07')).toEqual([]);
    expect(ids('2027-03-08')).toEqual(['a']);
    expect(ids('2027-03-12')).toEqual(['b', 'a']);
    expect(ids('2027-03-13')).toEqual([]);
  });
});

describe('nextLeaveByCarer', () => {
  it("keeps each carer's earliest approved leave not yet ended, current leave included", () => {
    const next = nextLeaveByCarer(
      [
        leave({ id: 'later', status: 'approved', from: '2027-05-01', to: '2027-05-02' }),
        leave({ id: 'current', status: 'approved', from: '2027-03-01', to: '2027-03-10' }),
        leave({ id: 'ended', status: 'approved', from: '2027-02-01', to: '2027-02-02' }),
        leave({ id: 'pending', status: 'requested', from: '2027-03-05', to: '2027-03-06' }),
        leave({ id: 'other', carerId: 'carer-2', status: 'approved', from: '2027-04-01', to: '2027-04-01' }),
      ],
      '2027-03-04',
    );
    expect(next.get('carer-1')?.id).toBe('current');
    expect(next.get('carer-2')?.id).toBe('other');
  });
});
