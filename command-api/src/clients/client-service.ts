import { v7 as uuidv7 } from 'uuid';
import {
  CARER_NOT_FOUND,
  carerStreamId,
  clientStreamId,
  WrongExpectedRevisionError,
  type ClientEvent,
  type ClientIdEvent,
  type ClientProfile,
  type CreateClientCommandInput,
  type EventStore,
  type UpdateClientCommandInput,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { appendEvents, loadStream, type LoadedStream } from '../shared/event-stream';
import { latestPosition } from '../shared/latest-position';
import { assertRecordsExist, type RecordReference } from '../shared/record-lookup';
import { Reservations } from '../shared/reservation';
import type { ClientCommand } from './client-commands';
import { clientIdReservation } from './client-id-reservation';
import { evolve, initialClientState, type ClientState } from './client-state';
import { decide } from './decide';
import { newlyNamedCarers } from './named-carers';

/**
 * Runs client commands: load the stream, `decide`, check the carers the decision names, append with the
 * expected revision. Client-ID uniqueness spans streams, so the ID is reserved before the client is
 * written and released when the client gives it up (see client-id-events.ts).
 */
export class ClientService {
  private readonly clientIds: Reservations<ClientIdEvent>;

  constructor(private readonly store: EventStore) {
    this.clientIds = new Reservations(store, clientIdReservation);
  }

  async register(input: CreateClientCommandInput, context: CommandContext): Promise<CommandResult> {
    const id = uuidv7();
    const { isActive, keyworkerCarerId, preferredCarers, ...fields } = input;
    const profile = toProfile(fields);
    const command: ClientCommand = {
      type: 'RegisterClient',
      id,
      profile,
      keyworkerCarerId: keyworkerCarerId ?? null,
      preferredCarers,
      isActive,
    };
    const events = decide(command, initialClientState);
    await this.assertCarersExist(initialClientState, events);
    const reserved = await this.clientIds.reserve(profile.clientId, id, context);
    try {
      const appended = await appendEvents(this.store, clientStreamId(id), events, 'no_stream', context);
      return { id, revision: appended.nextExpectedRevision, position: latestPosition(reserved, appended.position) };
    } catch (error) {
      await this.clientIds.release(profile.clientId, id, context);
      throw error;
    }
  }

  async update(
    id: string,
    input: UpdateClientCommandInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const { isActive, keyworkerCarerId, preferredCarers, ...fields } = input;
    return this.change(id, ifMatch, context, {
      type: 'UpdateClient',
      id,
      changes: toProfileChanges(fields),
      isActive,
      keyworkerCarerId,
      preferredCarers,
    });
  }

  assignKeyworker(
    id: string,
    keyworkerCarerId: string | null,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.change(id, ifMatch, context, { type: 'AssignKeyworker', id, keyworkerCarerId });
  }

  setPreferredCarers(
    id: string,
    carerIds: readonly string[],
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.change(id, ifMatch, context, { type: 'SetPreferredCarers', id, carerIds });
  }

  async remove(id: string, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    const loaded = await this.load(id, ifMatch);
    const events = decide({ type: 'RemoveClient', id }, loaded.state);
    const appended = await appendEvents(this.store, clientStreamId(id), events, loaded.revision, context);
    const released = loaded.state.exists
      ? await this.clientIds.release(loaded.state.profile.clientId, id, context)
      : undefined;
    return { id, revision: appended.nextExpectedRevision, position: latestPosition(appended.position, released) };
  }

  /** A change to an existing client; a new client ID moves the reservation (reserve first, release after). */
  private async change(
    id: string,
    ifMatch: bigint | undefined,
    context: CommandContext,
    command: ClientCommand,
  ): Promise<CommandResult> {
    const loaded = await this.load(id, ifMatch);
    const events = decide(command, loaded.state);
    if (events.length === 0 || loaded.revision === 'no_stream' || !loaded.state.exists) {
      return {
        id,
        revision: loaded.revision === 'no_stream' ? -1n : loaded.revision,
        position: loaded.lastEvent?.position,
      };
    }
    await this.assertCarersExist(loaded.state, events);
    const previousId = loaded.state.profile.clientId;
    const changedId = changedClientId(events);
    // A change of case only keeps the same reservation stream: nothing to reserve or release.
    const newId =
      changedId !== undefined && !this.clientIds.sameReservation(changedId, previousId) ? changedId : undefined;
    const reserved = newId !== undefined ? await this.clientIds.reserve(newId, id, context) : undefined;
    let appended;
    try {
      appended = await appendEvents(this.store, clientStreamId(id), events, loaded.revision, context);
    } catch (error) {
      if (newId !== undefined) await this.clientIds.release(newId, id, context);
      throw error;
    }
    const released = newId !== undefined ? await this.clientIds.release(previousId, id, context) : undefined;
    return {
      id,
      revision: appended.nextExpectedRevision,
      position: latestPosition(reserved, appended.position, released),
    };
  }

  private async load(id: string, ifMatch: bigint | undefined): Promise<LoadedStream<ClientState>> {
    const loaded = await loadStream<ClientEvent, ClientState>(
      this.store,
      clientStreamId(id),
      evolve,
      initialClientState,
    );
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && loaded.revision !== ifMatch) {
      throw new WrongExpectedRevisionError(clientStreamId(id), ifMatch, loaded.revision);
    }
    return loaded;
  }

  /** Carers are checked on the write side (their streams), never in the read models. */
  private assertCarersExist(state: ClientState, events: readonly ClientEvent[]): Promise<void> {
    const named = newlyNamedCarers(state, events);
    const reference =
      (field: string) =>
      (carerId: string): RecordReference => ({
        streamId: carerStreamId(carerId),
        removedType: 'CarerRemoved',
        field,
        message: CARER_NOT_FOUND,
      });
    return assertRecordsExist(this.store, [
      ...named.keyworker.map(reference('keyworkerCarerId')),
      ...named.preferred.map(reference('preferredCarers')),
    ]);
  }
}

type ProfileFields = Omit<CreateClientCommandInput, 'isActive' | 'keyworkerCarerId' | 'preferredCarers'>;

function toProfile(fields: ProfileFields): ClientProfile {
  return {
    ...fields,
    phoneNumber: fields.phoneNumber ?? null,
    mobilityLevel: fields.mobilityLevel ?? null,
    cognitiveLevel: fields.cognitiveLevel ?? null,
    riskAssessment: fields.riskAssessment ?? null,
    careInstructions: fields.careInstructions ?? null,
    gpPractice: fields.gpPractice ?? null,
    gpPhone: fields.gpPhone ?? null,
    postcode: fields.postcode ?? null,
    latitude: fields.latitude ?? null,
    longitude: fields.longitude ?? null,
  };
}

/** A PATCH leaves out what it does not change; an optional field sent as blank clears it (null). */
function toProfileChanges(fields: Partial<ProfileFields>): Partial<ClientProfile> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<ClientProfile>;
}

function changedClientId(events: readonly ClientEvent[]): string | undefined {
  for (const event of events) {
    if (event.type === 'ClientDetailsChanged' && event.data.changes.clientId !== undefined)
      return event.data.changes.clientId;
  }
  return undefined;
}
