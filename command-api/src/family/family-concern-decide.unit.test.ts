import { describe, expect, it } from 'vitest';
import { FAMILY_CONCERN_VISIT_NOT_FOUND, type FamilyConcernEvent } from '@care/events';
import { refusal } from '../shared/refusal.testing';
import {
  CONCERN_ALREADY_ANSWERED,
  CONCERN_CLIENT_NOT_FOUND,
  CONCERN_NOT_FOUND,
  decideRaiseFamilyConcern,
  decideReplyFamilyConcern,
  type RaiseFamilyConcern,
} from './family-concern-decide';
import { evolveFamilyConcern, initialFamilyConcernState } from './family-concern-state';

const concernId = '0190a5b2-7c3d-7e4f-8a1b-0000000000e1';
const clientId = '0190a5b2-7c3d-7e4f-8a1b-0000000000c1';
const otherClientId = '0190a5b2-7c3d-7e4f-8a1b-0000000000c2';
const userId = '0190a5b2-7c3d-7e4f-8a1b-0000000000f1';
const visitId = '0190a5b2-7c3d-7e4f-8a1b-0000000000a1';

const raise = (overrides: Partial<RaiseFamilyConcern> = {}): RaiseFamilyConcern => ({
  type: 'RaiseFamilyConcern',
  concernId,
  clientId,
  userId,
  kind: 'concern',
  appointmentId: null,
  text: 'Mum was left without her lunch on Tuesday.',
  ...overrides,
});

const given = (events: FamilyConcernEvent[]) => events.reduce(evolveFamilyConcern, initialFamilyConcernState);
const raised = (): FamilyConcernEvent[] =>
  decideRaiseFamilyConcern(raise(), { activeClientIds: [clientId], visitClientId: null });

describe('raising a family concern or compliment', () => {
  it('given an active access to the client, when they raise a concern about a visit of the client, then it is raised with the visit', () => {
    const events = decideRaiseFamilyConcern(raise({ appointmentId: visitId }), {
      activeClientIds: [clientId],
      visitClientId: clientId,
    });
    expect(events).toEqual([
      {
        type: 'FamilyConcernRaised',
        data: {
          concernId,
          clientId,
          userId,
          kind: 'concern',
          appointmentId: visitId,
          text: 'Mum was left without her lunch on Tuesday.',
        },
      },
    ]);
  });

  it('given a compliment about the care in general, then it is raised without a visit', () => {
    const [event] = decideRaiseFamilyConcern(raise({ kind: 'compliment', text: 'Thank you, Sam.' }), {
      activeClientIds: [clientId],
      visitClientId: null,
    });
    expect(event?.data).toMatchObject({ kind: 'compliment', appointmentId: null });
  });

  it('given no active access to the client (another client, or a withdrawn access), then the client is not found', () => {
    expect(
      refusal(() => decideRaiseFamilyConcern(raise(), { activeClientIds: [otherClientId], visitClientId: null })),
    ).toEqual({
      kind: 'not_found',
      message: CONCERN_CLIENT_NOT_FOUND,
      field: undefined,
    });
    expect(refusal(() => decideRaiseFamilyConcern(raise(), { activeClientIds: [], visitClientId: null })).kind).toBe(
      'not_found',
    );
  });

  it('given a visit of another client, or no such visit, then it is refused on appointmentId', () => {
    for (const visitClientId of [otherClientId, null]) {
      expect(
        refusal(() =>
          decideRaiseFamilyConcern(raise({ appointmentId: visitId }), { activeClientIds: [clientId], visitClientId }),
        ),
      ).toEqual({ kind: 'invalid', message: FAMILY_CONCERN_VISIT_NOT_FOUND, field: 'appointmentId' });
    }
  });
});

describe("the office's reply", () => {
  it('given a raised concern, when the office replies, then it is answered with the reply', () => {
    expect(decideReplyFamilyConcern(given(raised()), 'We have spoken to the carer.')).toEqual([
      { type: 'FamilyConcernAnswered', data: { concernId, clientId, reply: 'We have spoken to the carer.' } },
    ]);
  });

  it('given no such message, then it is not found', () => {
    expect(refusal(() => decideReplyFamilyConcern(given([]), 'Hello'))).toEqual({
      kind: 'not_found',
      message: CONCERN_NOT_FOUND,
      field: undefined,
    });
  });

  it('given an answered concern, when the office replies again, then it is a conflict and the first reply stands', () => {
    const answered = given([...raised(), ...decideReplyFamilyConcern(given(raised()), 'First reply')]);
    expect(refusal(() => decideReplyFamilyConcern(answered, 'Second reply'))).toEqual({
      kind: 'conflict',
      message: CONCERN_ALREADY_ANSWERED,
      field: undefined,
    });
  });
});
