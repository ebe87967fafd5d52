import { changedFields, type DiarySliceEvent } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import type { DiaryActor, DiaryCommand } from './diary-commands';
import type { DiaryEntryState } from './diary-state';

export const DIARY_ENTRY_NOT_FOUND = 'Diary entry not found';

/** The diary entry's rules. Pure: the same command and state always give the same events or refusal. */
export function decide(command: DiaryCommand, state: DiaryEntryState): DiarySliceEvent[] {
  switch (command.type) {
    case 'AddDiaryEntry':
      if (state.exists) throw new DomainError('conflict', 'Diary entry already exists');
      return [
        {
          type: 'DiaryEntryAdded',
          data: {
            id: command.id,
            carerId: command.carerId,
            clientId: command.clientId,
            appointmentId: command.appointmentId,
            ...command.content,
          },
        },
      ];
    case 'ReviewDiaryEntry':
      if (!state.exists) throw new DomainError('not_found', DIARY_ENTRY_NOT_FOUND);
      if (!command.actor.canReview) throw new DomainError('forbidden', 'Forbidden');
      if (state.reviewed) throw new DomainError('conflict', 'Diary entry already reviewed');
      return [
        {
          type: 'DiaryEntryReviewed',
          data: { id: command.id, reviewedBy: command.actor.userId, reviewedAt: command.reviewedAt },
        },
      ];
    case 'AmendDiaryEntry': {
      if (!state.exists) throw new DomainError('not_found', DIARY_ENTRY_NOT_FOUND);
      assertMayAmend(command.actor, state);
      const changes = changedFields(state.content, command.changes);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'DiaryEntryAmended', data: { id: command.id, changes, reason: command.reason } }];
    }
    default:
      return assertNever(command);
  }
}

/**
 * The author or a reviewer may amend. Anyone else is refused; for a confidential entry, which they may not
 * even read, the refusal is "not found" so the answer does not reveal that it exists.
 */
function assertMayAmend(actor: DiaryActor, state: Extract<DiaryEntryState, { exists: true }>): void {
  if (actor.canReview || actor.userId === state.authorUserId) return;
  if (state.content.isConfidential) throw new DomainError('not_found', DIARY_ENTRY_NOT_FOUND);
  throw new DomainError('forbidden', 'Forbidden');
}
