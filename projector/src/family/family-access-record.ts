import type { Insertable } from 'kysely';
import type { RecordedEvent } from '@care/events';
import type { FamilyAccessTable } from './family-access-tables';

export type FamilyAccessRecorded = Extract<
  RecordedEvent,
  { type: 'FamilyMemberInvited' | 'FamilyInvitationAccepted' | 'FamilyAccessWithdrawn' }
>;
export type FamilyAccessRow = Insertable<FamilyAccessTable>;

/**
 * The row one access is after an event. Pure. A withdrawn access stays withdrawn (its history is kept; a new
 * invitation is a new access); an acceptance of an unknown access, which the command side never appends, is ignored.
 */
export function foldFamilyAccess(
  row: FamilyAccessRow | undefined,
  event: FamilyAccessRecorded,
): FamilyAccessRow | undefined {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'FamilyMemberInvited': {
      const data = event.data;
      return {
        access_id: data.accessId,
        user_id: data.userId,
        client_id: data.clientId,
        email: data.email,
        name: data.name,
        relationship: data.relationship,
        status: 'invited',
        share_medications: data.shareMedications,
        invited_at: at,
        accepted_at: null,
        withdrawn_at: null,
        invited_by: uuidOrNull(event.metadata.userId),
        withdrawn_reason: null,
      };
    }
    case 'FamilyInvitationAccepted':
      return row && row.status === 'invited' ? { ...row, status: 'active', accepted_at: at } : row;
    case 'FamilyAccessWithdrawn':
      return row && row.status !== 'withdrawn'
        ? { ...row, status: 'withdrawn', withdrawn_at: at, withdrawn_reason: event.data.reason }
        : row;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The log's metadata does not promise a uuid (a system writer may name itself); the column is uuid. */
const uuidOrNull = (value: string): string | null => (UUID.test(value) ? value : null);
