import type { Insertable } from 'kysely';
import type { RecordedEvent } from '@care/events';
import type { FamilyConcernsTable } from './family-concerns-tables';

export type FamilyConcernRecorded = Extract<RecordedEvent, { type: 'FamilyConcernRaised' | 'FamilyConcernAnswered' }>;
export type FamilyConcernRow = Insertable<FamilyConcernsTable>;

/**
 * The row one family message is after an event. Pure. The raise makes the row (who and when from the event's
 * metadata); the reply fills the reply, when and by whom. A reply to an unknown message, which the command side
 * never appends, is ignored.
 */
export function foldFamilyConcern(
  row: FamilyConcernRow | undefined,
  event: FamilyConcernRecorded,
): FamilyConcernRow | undefined {
  switch (event.type) {
    case 'FamilyConcernRaised': {
      const data = event.data;
      return {
        id: data.concernId,
        client_id: data.clientId,
        user_id: data.userId,
        kind: data.kind,
        appointment_id: data.appointmentId,
        text: data.text,
        raised_at: event.metadata.occurredAt,
        reply: null,
        replied_at: null,
        replied_by: null,
        revision: event.revision,
      };
    }
    case 'FamilyConcernAnswered':
      if (!row) return undefined;
      return {
        ...row,
        reply: event.data.reply,
        replied_at: event.metadata.occurredAt,
        replied_by: event.metadata.userId,
        revision: event.revision,
      };
  }
}
