import { FAMILY_CONCERN_VISIT_NOT_FOUND, type FamilyConcernEvent, type FamilyConcernKind } from '@care/events';
import { DomainError } from '../shared/domain-error';
import type { FamilyConcernState } from './family-concern-state';

export const CONCERN_CLIENT_NOT_FOUND = 'Client not found';
export const CONCERN_NOT_FOUND = 'Message not found';
export const CONCERN_ALREADY_ANSWERED = 'This message has already been answered';

export interface RaiseFamilyConcern {
  readonly type: 'RaiseFamilyConcern';
  readonly concernId: string;
  readonly clientId: string;
  readonly userId: string;
  readonly kind: FamilyConcernKind;
  readonly appointmentId: string | null;
  readonly text: string;
}

/** What the write side knows when a family member raises a message: their scope and the named visit's client. */
export interface RaiseFacts {
  /** The clients the account has active access to now (from its own access streams). */
  readonly activeClientIds: readonly string[];
  /** The client of the visit named, or null when the visit does not exist (only when a visit is named). */
  readonly visitClientId: string | null;
}

/**
 * A family member raises a concern or a compliment. A client outside their active access is not there at all
 * (404, whether or not it exists); a visit that is not one of that client's visits is a 400 on `appointmentId`.
 */
export function decideRaiseFamilyConcern(command: RaiseFamilyConcern, facts: RaiseFacts): FamilyConcernEvent[] {
  if (!facts.activeClientIds.includes(command.clientId)) throw new DomainError('not_found', CONCERN_CLIENT_NOT_FOUND);
  if (command.appointmentId !== null && facts.visitClientId !== command.clientId) {
    throw new DomainError('invalid', FAMILY_CONCERN_VISIT_NOT_FOUND, 'appointmentId');
  }
  return [
    {
      type: 'FamilyConcernRaised',
      data: {
        concernId: command.concernId,
        clientId: command.clientId,
        userId: command.userId,
        kind: command.kind,
        appointmentId: command.appointmentId,
        text: command.text,
      },
    },
  ];
}

/**
 * The office replies. One reply per message: a second is a 409, so the family member never sees their answer
 * change under them (a correction is a new conversation, not a rewrite of the record).
 */
export function decideReplyFamilyConcern(state: FamilyConcernState, reply: string): FamilyConcernEvent[] {
  if (!state.exists) throw new DomainError('not_found', CONCERN_NOT_FOUND);
  if (state.answered) throw new DomainError('conflict', CONCERN_ALREADY_ANSWERED);
  return [{ type: 'FamilyConcernAnswered', data: { concernId: state.concernId, clientId: state.clientId, reply } }];
}
