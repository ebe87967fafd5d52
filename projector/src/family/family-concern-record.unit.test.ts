import { describe, expect, it } from 'vitest';
import { foldFamilyConcern, type FamilyConcernRecorded } from './family-concern-record';

const concernId = '0190a000-0000-7000-8000-0000000000e1';
const clientId = '0190a000-0000-7000-8000-000000000003';
const familyUserId = '0190a000-0000-7000-8000-000000000002';
const officeId = '0190a000-0000-7000-8000-000000000004';
const visitId = '0190a000-0000-7000-8000-000000000005';

let revision = 0n;
function recorded<E extends FamilyConcernRecorded>(
  type: E['type'],
  data: E['data'],
  userId: string,
  occurredAt: string,
): E {
  return {
    eventId: `e${revision}`,
    streamId: `family-concern-${concernId}`,
    revision: revision++,
    position: { commit: revision, prepare: revision },
    type,
    schemaVersion: 1,
    data,
    metadata: { userId, occurredAt, correlationId: 'c', causationId: 'c' },
  } as unknown as E;
}

const raised = recorded(
  'FamilyConcernRaised',
  { concernId, clientId, userId: familyUserId, kind: 'concern', appointmentId: visitId, text: 'No lunch on Tuesday' },
  familyUserId,
  '2026-11-20T09:00:00.000Z',
);
const answered = recorded(
  'FamilyConcernAnswered',
  { concernId, clientId, reply: 'We are sorry; it will not happen again.' },
  officeId,
  '2026-11-20T11:30:00.000Z',
);

describe('family concern fold', () => {
  it('a raised concern is an open row, raised by the family member when it was appended', () => {
    expect(foldFamilyConcern(undefined, raised)).toEqual({
      id: concernId,
      client_id: clientId,
      user_id: familyUserId,
      kind: 'concern',
      appointment_id: visitId,
      text: 'No lunch on Tuesday',
      raised_at: '2026-11-20T09:00:00.000Z',
      reply: null,
      replied_at: null,
      replied_by: null,
      revision: 0n,
    });
  });

  it("the office's reply fills the reply, when and by whom, and keeps what the family member wrote", () => {
    const row = foldFamilyConcern(foldFamilyConcern(undefined, raised), answered);
    expect(row).toMatchObject({
      text: 'No lunch on Tuesday',
      reply: 'We are sorry; it will not happen again.',
      replied_at: '2026-11-20T11:30:00.000Z',
      replied_by: officeId,
      revision: 1n,
    });
  });

  it('a reply to a message never raised is ignored', () => {
    expect(foldFamilyConcern(undefined, answered)).toBeUndefined();
  });
});
