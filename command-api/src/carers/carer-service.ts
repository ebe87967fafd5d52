import { v7 as uuidv7 } from 'uuid';
import {
  carerStreamId,
  WrongExpectedRevisionError,
  type CarerEvent,
  type CarerProfile,
  type CarerAccountEvent,
  type CreateCarerCommandInput,
  type EmployeeIdEvent,
  type EventStore,
  type UpdateCarerCommandInput,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { latestPosition } from '../shared/latest-position';
import { appendEvents, loadStream } from '../shared/event-stream';
import type { CarerCommand } from './carer-commands';
import { evolve, initialCarerState, type CarerState } from './carer-state';
import { decide } from './decide';
import { Reservations } from '../shared/reservation';
import { employeeIdReservation } from './employee-id-reservation';
import { assertLinkableAccount, carerAccountReservation } from './carer-account';

/**
 * Runs carer commands: load the stream, `decide`, append with the expected revision.
 * Employee-ID uniqueness spans streams, so it is reserved before the carer is written
 * and released when the carer gives it up (see employee-id-events.ts).
 */
export class CarerService {
  private readonly employeeIds: Reservations<EmployeeIdEvent>;
  /** The account linked to a carer: one carer per account (carer-account.ts). */
  private readonly accounts: Reservations<CarerAccountEvent>;

  constructor(private readonly store: EventStore) {
    this.employeeIds = new Reservations(store, employeeIdReservation);
    this.accounts = new Reservations(store, carerAccountReservation);
  }

  async register(input: CreateCarerCommandInput, context: CommandContext): Promise<CommandResult> {
    const carerId = uuidv7();
    const { isActive, userId, ...fields } = input;
    const profile = toProfile(fields);
    const command: CarerCommand = { type: 'RegisterCarer', carerId, userId: userId ?? null, profile, isActive };
    const events = decide(command, initialCarerState);
    if (userId !== undefined) await assertLinkableAccount(this.store, userId);
    const reserved = await this.reserveEmployeeId(profile.employeeId, carerId, context);
    let account;
    try {
      account = userId !== undefined ? await this.accounts.reserve(userId, carerId, context) : undefined;
    } catch (error) {
      await this.releaseEmployeeId(profile.employeeId, carerId, context);
      throw error;
    }
    try {
      const appended = await appendEvents(this.store, carerStreamId(carerId), events, 'no_stream', context);
      return {
        id: carerId,
        revision: appended.nextExpectedRevision,
        position: latestPosition(reserved, account, appended.position),
      };
    } catch (error) {
      await this.releaseEmployeeId(profile.employeeId, carerId, context);
      if (userId !== undefined) await this.accounts.release(userId, carerId, context);
      throw error;
    }
  }

  async update(
    carerId: string,
    input: UpdateCarerCommandInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const loaded = await this.load(carerId, ifMatch);
    const { isActive, userId, ...fields } = input;
    const changes = toProfileChanges(fields);
    const events = decide({ type: 'UpdateCarer', carerId, changes, isActive }, loaded.state);
    // userId: undefined leaves the link as it is; null unlinks; an id links that account (replacing another).
    if (userId !== undefined) events.push(...decide({ type: 'SetCarerAccount', carerId, userId }, loaded.state));
    if (events.length === 0 || loaded.revision === 'no_stream') {
      return {
        id: carerId,
        revision: loaded.revision === 'no_stream' ? -1n : loaded.revision,
        position: loaded.lastEvent?.position,
      };
    }
    const previousId = loaded.state.exists ? loaded.state.profile.employeeId : undefined;
    // A change of case only keeps the same reservation stream: nothing to reserve or release.
    const changedId = changedEmployeeId(events);
    const newId =
      changedId !== undefined && (previousId === undefined || !this.employeeIds.sameReservation(changedId, previousId))
        ? changedId
        : undefined;
    const linked = linkedAccount(events);
    const unlinked = unlinkedAccount(events);
    if (linked !== undefined) await assertLinkableAccount(this.store, linked);
    const reserved = newId !== undefined ? await this.reserveEmployeeId(newId, carerId, context) : undefined;
    let account;
    let appended;
    try {
      account = linked !== undefined ? await this.accounts.reserve(linked, carerId, context) : undefined;
      appended = await appendEvents(this.store, carerStreamId(carerId), events, loaded.revision, context);
    } catch (error) {
      if (newId !== undefined) await this.releaseEmployeeId(newId, carerId, context);
      if (linked !== undefined) await this.accounts.release(linked, carerId, context);
      throw error;
    }
    const released =
      newId !== undefined && previousId !== undefined
        ? await this.releaseEmployeeId(previousId, carerId, context)
        : undefined;
    const freed = unlinked !== undefined ? await this.accounts.release(unlinked, carerId, context) : undefined;
    return {
      id: carerId,
      revision: appended.nextExpectedRevision,
      position: latestPosition(reserved, account, appended.position, released, freed),
    };
  }

  async remove(carerId: string, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    const loaded = await this.load(carerId, ifMatch);
    const events = decide({ type: 'RemoveCarer', carerId }, loaded.state);
    const appended = await appendEvents(this.store, carerStreamId(carerId), events, loaded.revision, context);
    const released = loaded.state.exists
      ? await this.releaseEmployeeId(loaded.state.profile.employeeId, carerId, context)
      : undefined;
    // A removed carer's account may be linked to another carer record.
    const freed =
      loaded.state.exists && loaded.state.userId !== null
        ? await this.accounts.release(loaded.state.userId, carerId, context)
        : undefined;
    return {
      id: carerId,
      revision: appended.nextExpectedRevision,
      position: latestPosition(appended.position, released, freed),
    };
  }

  private async load(carerId: string, ifMatch: bigint | undefined) {
    const loaded = await loadStream<CarerEvent, CarerState>(
      this.store,
      carerStreamId(carerId),
      evolve,
      initialCarerState,
    );
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && loaded.revision !== ifMatch) {
      throw new WrongExpectedRevisionError(carerStreamId(carerId), ifMatch, loaded.revision);
    }
    return loaded;
  }

  private reserveEmployeeId(employeeId: string, carerId: string, context: CommandContext) {
    return this.employeeIds.reserve(employeeId, carerId, context);
  }

  private releaseEmployeeId(employeeId: string, carerId: string, context: CommandContext) {
    return this.employeeIds.release(employeeId, carerId, context);
  }
}

type ProfileFields = Omit<CreateCarerCommandInput, 'isActive' | 'userId'>;

function toProfile(fields: ProfileFields): CarerProfile {
  const { hourlyRate, ...rest } = fields;
  return {
    ...rest,
    region: rest.region ?? null,
    specialization: rest.specialization ?? null,
    phoneNumber: rest.phoneNumber ?? null,
    emergencyContact: rest.emergencyContact ?? null,
    emergencyPhone: rest.emergencyPhone ?? null,
    address: rest.address ?? null,
    dateOfBirth: rest.dateOfBirth ?? null,
    notes: rest.notes ?? null,
    hourlyRatePence: hourlyRate ?? null,
  };
}

/** A PATCH leaves out what it does not change; a field sent as blank clears it (null). */
function toProfileChanges(fields: Partial<ProfileFields>): Partial<CarerProfile> {
  const { hourlyRate, ...rest } = fields;
  const changes: Partial<CarerProfile> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  }
  if (hourlyRate !== undefined) changes.hourlyRatePence = hourlyRate;
  return changes;
}

function linkedAccount(events: readonly CarerEvent[]): string | undefined {
  return events.find((event) => event.type === 'CarerAccountLinked')?.data.userId;
}

function unlinkedAccount(events: readonly CarerEvent[]): string | undefined {
  return events.find((event) => event.type === 'CarerAccountUnlinked')?.data.userId;
}

function changedEmployeeId(events: readonly CarerEvent[]): string | undefined {
  for (const event of events) {
    if (event.type === 'CarerDetailsChanged' && event.data.changes.employeeId !== undefined) {
      return event.data.changes.employeeId;
    }
  }
  return undefined;
}
