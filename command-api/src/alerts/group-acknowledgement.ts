import type { AlertAudience, AlertSliceEvent } from '@care/events';
import { DomainError } from '../shared/domain-error';
import type { AlertState } from './alert-state';
import { ALERT_NOT_FOUND } from './decide';

/** One member as the person saw it (its revision on their screen) and as its stream stands now. */
export interface GroupMember {
  readonly id: string;
  /** The revision the person's list showed. */
  readonly seen: bigint;
  /** The stream as read now (revision null: no such alert). */
  readonly state: AlertState;
  readonly revision: bigint | null;
}

export const GROUP_CHANGED =
  'Someone changed this group while you were looking at it (an alert joined, cleared or was acted on). Reload it and try again.';

/**
 * Acknowledging a group acknowledges each member, recorded on each member's own stream so every record's history
 * stays whole. Pure: given the members as seen and as they stand, the events per member, or a refusal before anything
 * is appended. An alert of an audience the person does not read is 404, as for any record outside their work; every
 * member must be of this group (else 400); any member changed since the person's list was read
 * refuses the whole (409: they decided on a group that is gone). Members already acknowledged need nothing.
 */
export function decideGroupAcknowledgement(
  group: string,
  members: readonly GroupMember[],
  note: string | null,
  readable: readonly AlertAudience[],
): { id: string; revision: bigint; events: AlertSliceEvent[] }[] {
  // An alert the person may not read is not there for them, whether or not it exists.
  for (const member of members) {
    if (member.state.exists && !readable.includes(member.state.audience))
      throw new DomainError('not_found', ALERT_NOT_FOUND);
  }
  for (const member of members) {
    if (member.revision === null || !member.state.exists || member.state.group !== group)
      throw new DomainError('invalid', `Alert ${member.id} is not in this group`, 'members');
  }
  if (
    members.some(
      (member) => member.revision !== member.seen || (member.state.exists && member.state.status === 'resolved'),
    )
  )
    throw new DomainError('conflict', GROUP_CHANGED);
  return members
    .filter((member) => member.state.exists && member.state.status === 'active')
    .map((member) => ({
      id: member.id,
      revision: member.revision!,
      events: [{ type: 'AlertAcknowledged', data: { id: member.id, note } }],
    }));
}
