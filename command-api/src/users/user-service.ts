import { v7 as uuidv7 } from 'uuid';
import {
  accessStreamId,
  userStreamId,
  WrongExpectedRevisionError,
  type CreateUserCommandInput,
  type EventStore,
  type Role,
  type UpdateUserCommandInput,
  type UserEmailEvent,
  type UserEvent,
  type UserProfile,
} from '@care/events';
import type { SessionStore } from '@care/events/server';
import { hashPassword } from '../auth/passwords';
import type { Credentials } from '../auth/credentials';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { latestPosition } from '../shared/latest-position';
import { appendEvents, loadStream } from '../shared/event-stream';
import { Reservations } from '../shared/reservation';
import { decideUser, type UserCommand } from './decide-user';
import { userEmailReservation } from './email-reservation';
import { evolveUser, initialUserState, type UserState } from './user-state';

export interface UserServiceDependencies {
  readonly store: EventStore;
  readonly credentials: Credentials;
  readonly sessions: SessionStore;
}

/**
 * Account commands. A role change, deactivation or new password is appended first, then every session
 * read from an older revision of the account is voided (auth.access_changes) and deleted. The void
 * covers a sign-in that read the account before the change and opens its session after the delete:
 * that session is refused on its first request, so no session outlives the change with the old rights.
 */
export class UserService {
  private readonly emails: Reservations<UserEmailEvent>;

  constructor(private readonly deps: UserServiceDependencies) {
    this.emails = new Reservations(deps.store, userEmailReservation);
  }

  async register(input: CreateUserCommandInput, context: CommandContext): Promise<CommandResult> {
    const userId = uuidv7();
    const profile: UserProfile = {
      firstName: input.firstName,
      lastName: input.lastName,
      region: input.region ?? null,
      profileImageUrl: input.profileImageUrl ?? null,
    };
    const command: UserCommand = { type: 'RegisterUser', userId, email: input.email, role: input.role, profile };
    const events = decideUser(command, initialUserState);
    const passwordHash = await hashPassword(input.password);
    const reserved = await this.emails.reserve(input.email, userId, context);
    try {
      const appended = await appendEvents(this.deps.store, userStreamId(userId), events, 'no_stream', context);
      await this.deps.credentials.save(userId, input.email, passwordHash);
      return {
        id: userId,
        revision: appended.nextExpectedRevision,
        position: latestPosition(reserved, appended.position),
      };
    } catch (error) {
      await this.emails.release(input.email, userId, context);
      throw error;
    }
  }

  async updateProfile(
    userId: string,
    changes: UpdateUserCommandInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const profile: Partial<UserProfile> = {};
    if (changes.firstName !== undefined) profile.firstName = changes.firstName;
    if (changes.lastName !== undefined) profile.lastName = changes.lastName;
    if (changes.region !== undefined) profile.region = changes.region ?? null;
    if (changes.profileImageUrl !== undefined) profile.profileImageUrl = changes.profileImageUrl ?? null;
    return this.run({ type: 'ChangeUserProfile', userId, changes: profile }, ifMatch, context);
  }

  changeRole(userId: string, role: Role, context: CommandContext): Promise<CommandResult> {
    return this.run(
      { type: 'ChangeUserRole', userId, role, actorId: context.userId },
      undefined,
      context,
      'role_changed',
    );
  }

  /** `ifMatch`: only if the account is still at that revision (a family withdrawal decides from what it read). */
  deactivate(userId: string, context: CommandContext, ifMatch?: bigint): Promise<CommandResult> {
    return this.run({ type: 'DeactivateUser', userId, actorId: context.userId }, ifMatch, context, 'deactivated');
  }

  reactivate(userId: string, context: CommandContext): Promise<CommandResult> {
    return this.run({ type: 'ReactivateUser', userId }, undefined, context);
  }

  /** Stores the new hash, records that the password was set, then ends the sessions opened before. */
  async setPassword(
    userId: string,
    password: string,
    reason: 'initial' | 'reset' | 'admin' | 'self',
    context: CommandContext,
  ): Promise<CommandResult> {
    const loaded = await this.load(userId);
    const events = decideUser({ type: 'SetPassword', userId, reason }, loaded.state);
    if (!loaded.state.exists) throw new Error('unreachable: decide refuses unknown users');
    await this.deps.credentials.save(userId, loaded.state.email, await hashPassword(password));
    const appended = await appendEvents(this.deps.store, userStreamId(userId), events, loaded.revision, context);
    await this.endSessions(userId, appended.nextExpectedRevision, 'password_changed', context);
    return { id: userId, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async load(userId: string) {
    return loadStream<UserEvent, UserState>(this.deps.store, userStreamId(userId), evolveUser, initialUserState);
  }

  private async run(
    command: UserCommand,
    ifMatch: bigint | undefined,
    context: CommandContext,
    endsSessions?: 'role_changed' | 'deactivated',
  ): Promise<CommandResult> {
    const loaded = await this.load(command.userId);
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && loaded.revision !== ifMatch) {
      throw new WrongExpectedRevisionError(userStreamId(command.userId), ifMatch, loaded.revision);
    }
    const events = decideUser(command, loaded.state);
    if (events.length === 0 || loaded.revision === 'no_stream') {
      return {
        id: command.userId,
        revision: loaded.revision === 'no_stream' ? -1n : loaded.revision,
        position: loaded.lastEvent?.position,
      };
    }
    const appended = await appendEvents(
      this.deps.store,
      userStreamId(command.userId),
      events,
      loaded.revision,
      context,
    );
    if (endsSessions) await this.endSessions(command.userId, appended.nextExpectedRevision, endsSessions, context);
    return { id: command.userId, revision: appended.nextExpectedRevision, position: appended.position };
  }

  /**
   * Ends every session of the user read before `revision` (the access change just appended); the access
   * log records it when there were any.
   */
  private async endSessions(
    userId: string,
    revision: bigint,
    reason: 'deactivated' | 'password_changed' | 'role_changed',
    context: CommandContext,
  ): Promise<void> {
    const ended = await this.deps.sessions.endAllForUser(userId, revision);
    if (ended === 0) return;
    await appendEvents(
      this.deps.store,
      accessStreamId(userId),
      [{ type: 'UserSignedOut', data: { userId, reason, ipAddress: null, userAgent: null } }],
      'any',
      context,
    );
  }
}
