import { describe, expect, it } from 'vitest';
import { timelineOf, type IncidentEventRow } from './incident-timeline';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute));
const row = (revision: number, type: string, data: Record<string, unknown>, user = 'u1'): IncidentEventRow => ({
  event_id: `0190a5b2-7c3d-7e4f-8a1b-00000000000${revision}`,
  revision: String(revision),
  type,
  user_id: user,
  occurred_at: at(revision),
  data,
});
const person = (id: string | null) => (id === 'u1' ? { id, firstName: 'Tom', lastName: 'Reid' } : null);
const named = (_kind: 'client' | 'carer', id: string | null) =>
  id === 'c1' ? 'Mabel Hughes' : id === 'c2' ? 'Ada Whitfield' : null;

describe('an incident timeline', () => {
  const events = [
    row(0, 'IncidentReported', {
      type: 'accident',
      severity: 'high',
      title: 'Fall',
      description: 'On the floor',
      location: null,
      clientId: 'c1',
      followUpRequired: false,
      dateOccurred: '2026-11-23T09:30:00.000Z',
      appointmentId: 'a1',
      diaryEntryId: null,
    }),
    row(1, 'IncidentAmended', { changes: { location: 'Hall', clientId: 'c2' }, reason: 'Wrong client' }, 'u2'),
    row(2, 'IncidentEscalated', { fromSeverity: 'high', severity: 'critical', escalatedTo: 'u3', reason: 'Hospital' }),
    row(3, 'IncidentNoteAdded', { noteId: 'n1', note: 'Rang the family' }),
    row(4, 'IncidentSafeguardingReferred', {
      referralId: 'r1',
      referredOn: '2026-11-23',
      referredTo: 'Leeds',
      localAuthorityReference: null,
      outcome: null,
    }),
    row(5, 'IncidentSafeguardingReferralUpdated', { referralId: 'r1', outcome: 'No further action' }),
    row(6, 'IncidentDutyIdentified', { duty: 'cqc_notification', reason: 'serious_injury', dueDate: '2026-11-24' }),
    row(7, 'IncidentDutyStepRecorded', {
      duty: 'cqc_notification',
      step: 'notification_sent',
      doneOn: '2026-11-23',
      reference: 'CQC-1',
    }),
  ];
  const { timeline, notes, referrals } = timelineOf(events, person, named);

  it('says each step in words, who and when', () => {
    expect(timeline.map((entry) => entry.summary)).toEqual([
      'Reported from a visit',
      'Amended: Wrong client',
      'Escalated (severity raised from High to Critical, handed to a named person): Hospital',
      'Investigation note: Rang the family',
      'Referred to the safeguarding team (Leeds) on 23/11/2026',
      'Safeguarding referral updated; outcome: No further action',
      'CQC notification required (Serious injury), due 24/11/2026',
      'Notification sent to CQC on 23/11/2026 (reference CQC-1)',
    ]);
    expect(timeline[0]?.by).toEqual({ id: 'u1', firstName: 'Tom', lastName: 'Reid' });
    expect(timeline[1]?.by).toBeNull();
  });

  it('keeps the original report beside each correction: every field before and after', () => {
    expect(timeline[0]?.changes).toContainEqual({ field: 'Client', before: null, after: 'Mabel Hughes' });
    expect(timeline[0]?.changes).toContainEqual({ field: 'Date occurred', before: null, after: '23/11/2026 09:30' });
    expect(timeline[1]?.changes).toEqual([
      { field: 'Location', before: null, after: 'Hall' },
      { field: 'Client', before: 'Mabel Hughes', after: 'Ada Whitfield' },
    ]);
  });

  it('gathers the notes and the referrals with their later outcome', () => {
    expect(notes).toEqual([{ id: 'n1', note: 'Rang the family', by: person('u1'), at: at(3).toISOString() }]);
    expect(referrals).toMatchObject([
      { id: 'r1', referredTo: 'Leeds', outcome: 'No further action', localAuthorityReference: null },
    ]);
  });
});
