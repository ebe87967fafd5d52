import { describe, expect, it } from 'vitest';
import type { AlertSliceEvent } from '@care/events';
import { evolve, initialAlertState, type AlertState } from './alert-state';
import { decideGroupAcknowledgement, GROUP_CHANGED, type GroupMember } from './group-acknowledgement';

const ids = ['0190a5b2-7c3d-7e4f-8a1b-0000000000a1', '0190a5b2-7c3d-7e4f-8a1b-0000000000a2'] as const;
const raised = (id: string, rule = 'invoice-overdue'): AlertSliceEvent => ({
  type: 'AlertRaised',
  data: {
    id,
    rule,
    subject: id,
    severity: 'medium',
    title: 'Invoice overdue',
    description: 'Owed',
    relatedKind: 'invoice',
    relatedId: id,
    carerId: null,
    clientId: null,
    appointmentId: null,
    actionRequired: null,
    dueDate: null,
  },
});

/** Given a member's events, the member as its stream stands (revision = events - 1) and as the person saw it. */
function member(id: string, events: AlertSliceEvent[], seen = BigInt(events.length - 1)): GroupMember {
  const state = events.reduce<AlertState>(evolve, initialAlertState);
  return { id, seen, state, revision: events.length === 0 ? null : BigInt(events.length - 1) };
}
const acknowledged = (id: string): AlertSliceEvent => ({ type: 'AlertAcknowledged', data: { id, note: null } });
const everyone = ['care', 'people', 'finance'] as const;

describe('acknowledging a group', () => {
  it('given two unacknowledged members, acknowledges each on its own stream at the revision seen', () => {
    const decided = decideGroupAcknowledgement(
      'invoice-overdue',
      [member(ids[0], [raised(ids[0])]), member(ids[1], [raised(ids[1])])],
      'Chasing the council',
      everyone,
    );
    expect(decided).toEqual(
      ids.map((id) => ({
        id,
        revision: 0n,
        events: [{ type: 'AlertAcknowledged', data: { id, note: 'Chasing the council' } }],
      })),
    );
  });

  it('given a member someone acknowledged already (as seen), appends only for the others', () => {
    const decided = decideGroupAcknowledgement(
      'invoice-overdue',
      [member(ids[0], [raised(ids[0]), acknowledged(ids[0])]), member(ids[1], [raised(ids[1])])],
      null,
      everyone,
    );
    expect(decided.map((append) => append.id)).toEqual([ids[1]]);
  });

  it('given a member changed since the list was read, refuses the whole with a conflict', () => {
    expect(() =>
      decideGroupAcknowledgement(
        'invoice-overdue',
        [member(ids[0], [raised(ids[0]), acknowledged(ids[0])], 0n), member(ids[1], [raised(ids[1])])],
        null,
        everyone,
      ),
    ).toThrow(GROUP_CHANGED);
  });

  it('given an alert of another group or no alert at all, refuses naming the members field', () => {
    const other = () =>
      decideGroupAcknowledgement(
        'invoice-overdue',
        [member(ids[0], [raised(ids[0], 'training-expired')])],
        null,
        everyone,
      );
    expect(other).toThrow(expect.objectContaining({ kind: 'invalid', field: 'members' }));
    const missing = () => decideGroupAcknowledgement('invoice-overdue', [member(ids[0], [])], null, everyone);
    expect(missing).toThrow(expect.objectContaining({ kind: 'invalid', field: 'members' }));
  });

  it('given a person who does not read finance alerts, answers not found', () => {
    expect(() =>
      decideGroupAcknowledgement('invoice-overdue', [member(ids[0], [raised(ids[0])])], null, ['care', 'people']),
    ).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });
});
