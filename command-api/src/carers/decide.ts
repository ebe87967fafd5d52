import { changedFields, type CarerEvent } from '@care/events';
import { DomainError } from '../shared/domain-error';
import type { CarerCommand } from './carer-commands';
import { assertNever } from '../shared/assert-never';
import type { CarerState } from './carer-state';

/** The carer aggregate's rules. Pure: the same command and state always give the same events or error. */
export function decide(command: CarerCommand, state: CarerState): CarerEvent[] {
  switch (command.type) {
    case 'RegisterCarer':
      if (state.exists) throw new DomainError('conflict', 'Carer already exists');
      return [
        {
          type: 'CarerRegistered',
          data: { carerId: command.carerId, userId: command.userId, isActive: command.isActive, ...command.profile },
        },
      ];
    case 'UpdateCarer': {
      if (!state.exists || state.removed) throw new DomainError('not_found', 'Carer not found');
      const events: CarerEvent[] = [];
      const changes = changedFields(state.profile, command.changes);
      if (Object.keys(changes).length > 0) {
        events.push({ type: 'CarerDetailsChanged', data: { carerId: command.carerId, changes } });
      }
      if (command.isActive !== undefined && command.isActive !== state.isActive) {
        events.push({
          type: command.isActive ? 'CarerReactivated' : 'CarerDeactivated',
          data: { carerId: command.carerId },
        });
      }
      return events;
    }
    case 'RemoveCarer':
      if (!state.exists || state.removed) throw new DomainError('not_found', 'Carer not found');
      return [{ type: 'CarerRemoved', data: { carerId: command.carerId } }];
    case 'SetCarerAccount': {
      if (!state.exists || state.removed) throw new DomainError('not_found', 'Carer not found');
      if (command.userId === state.userId) return [];
      const events: CarerEvent[] = [];
      if (state.userId !== null)
        events.push({ type: 'CarerAccountUnlinked', data: { carerId: command.carerId, userId: state.userId } });
      if (command.userId !== null)
        events.push({ type: 'CarerAccountLinked', data: { carerId: command.carerId, userId: command.userId } });
      return events;
    }
    default:
      return assertNever(command);
  }
}
