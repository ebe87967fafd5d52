import { EXPIRY_BEFORE_COMPLETED, type TrainingDetails, type TrainingSliceEvent, changedFields } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import type { TrainingCommand } from './training-commands';
import type { TrainingState } from './training-state';

export const TRAINING_NOT_FOUND = 'Training record not found';
export const RENEWAL_BEFORE_COMPLETION = 'A renewal cannot be completed before the previous completion';

/** The training record's rules. Pure: the same command and state always give the same events or refusal. */
export function decide(command: TrainingCommand, state: TrainingState): TrainingSliceEvent[] {
  switch (command.type) {
    case 'RecordTraining':
      if (state.exists) throw new DomainError('conflict', 'Training record already exists');
      assertDatesInOrder(command.details.completedDate, command.details.expiryDate);
      return [{ type: 'TrainingRecorded', data: { id: command.id, ...command.details } }];
    case 'UpdateTrainingRecord': {
      const current = liveDetails(state);
      const changes = changedFields(current, command.changes);
      if (Object.keys(changes).length === 0) return [];
      // A PATCH may send one date only: the order is checked against the stored other one.
      const next = { ...current, ...changes };
      assertDatesInOrder(next.completedDate, next.expiryDate);
      return [{ type: 'TrainingRecordUpdated', data: { id: command.id, changes } }];
    }
    case 'RenewTraining': {
      const current = liveDetails(state);
      if (command.completedDate < current.completedDate)
        throw new DomainError('invalid', RENEWAL_BEFORE_COMPLETION, 'completedDate');
      assertDatesInOrder(command.completedDate, command.expiryDate);
      const { id, completedDate, expiryDate, certificateNumber } = command;
      return [{ type: 'TrainingRenewed', data: { id, completedDate, expiryDate, certificateNumber } }];
    }
    case 'RemoveTrainingRecord':
      liveDetails(state);
      return [{ type: 'TrainingRecordRemoved', data: { id: command.id } }];
    default:
      return assertNever(command);
  }
}

/** The record's details, or a 404 when it was never recorded or has been removed. */
function liveDetails(state: TrainingState): TrainingDetails {
  if (!state.exists || state.removed) throw new DomainError('not_found', TRAINING_NOT_FOUND);
  return state.details;
}

/** Same-day expiry is allowed (compared as YYYY-MM-DD text, which orders like the calendar). */
function assertDatesInOrder(completedDate: string, expiryDate: string | null): void {
  if (expiryDate !== null && expiryDate < completedDate)
    throw new DomainError('invalid', EXPIRY_BEFORE_COMPLETED, 'expiryDate');
}
