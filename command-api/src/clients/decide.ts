import { changedFields, type ClientEvent } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import type { ClientCommand } from './client-commands';
import type { ClientState } from './client-state';

export const CLIENT_NOT_FOUND = 'Client not found';

type LiveClient = Extract<ClientState, { exists: true }>;

/** The client aggregate's rules. Pure: the same command and state always give the same events or error. */
export function decide(command: ClientCommand, state: ClientState): ClientEvent[] {
  switch (command.type) {
    case 'RegisterClient':
      if (state.exists) throw new DomainError('conflict', 'Client already exists');
      return [
        {
          type: 'ClientRegistered',
          data: {
            id: command.id,
            ...command.profile,
            keyworkerCarerId: command.keyworkerCarerId,
            preferredCarers: [...command.preferredCarers],
            isActive: command.isActive,
          },
        },
      ];
    case 'UpdateClient': {
      const client = live(state);
      const events: ClientEvent[] = [];
      const changes = changedFields(client.profile, command.changes);
      if (Object.keys(changes).length > 0)
        events.push({ type: 'ClientDetailsChanged', data: { id: command.id, changes } });
      if (command.keyworkerCarerId !== undefined)
        events.push(...keyworkerChange(client, command.id, command.keyworkerCarerId));
      if (command.preferredCarers !== undefined)
        events.push(...preferredCarersChange(client, command.id, command.preferredCarers));
      if (command.isActive !== undefined && command.isActive !== client.isActive) {
        events.push({ type: command.isActive ? 'ClientReactivated' : 'ClientDeactivated', data: { id: command.id } });
      }
      return events;
    }
    case 'AssignKeyworker':
      return keyworkerChange(live(state), command.id, command.keyworkerCarerId);
    case 'SetPreferredCarers':
      return preferredCarersChange(live(state), command.id, command.carerIds);
    case 'RemoveClient':
      live(state);
      return [{ type: 'ClientRemoved', data: { id: command.id } }];
    default:
      return assertNever(command);
  }
}

/** Only a registered client that was not removed can be changed; anything else is not found. */
function live(state: ClientState): LiveClient {
  if (!state.exists || state.removed) throw new DomainError('not_found', CLIENT_NOT_FOUND);
  return state;
}

function keyworkerChange(client: LiveClient, id: string, keyworkerCarerId: string | null): ClientEvent[] {
  return keyworkerCarerId === client.keyworkerCarerId
    ? []
    : [{ type: 'ClientKeyworkerAssigned', data: { id, keyworkerCarerId } }];
}

/** Order is preference, so a reordered list is a change. */
function preferredCarersChange(client: LiveClient, id: string, carerIds: readonly string[]): ClientEvent[] {
  const same =
    carerIds.length === client.preferredCarers.length &&
    carerIds.every((carerId, i) => carerId === client.preferredCarers[i]);
  return same ? [] : [{ type: 'ClientPreferredCarersSet', data: { id, carerIds: [...carerIds] } }];
}
