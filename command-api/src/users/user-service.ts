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
 * Account commands. A role change, deactivation or new password ends the user's sessions
 * before the event is written: a crash in between leaves someone signed out, never a session
 * with powers the log does not show.
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
      return { id: userId, revision: appended.nextExpectedRevision, position: latestPosition(reserved, appended.position) };
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
    return this.run({ type: 'ChangeUserRole', userId, role, actorId: context.userId }, undefined, context, 'role_changed');
  }

  deactivate(userId: string, context: CommandContext): Promise<CommandResult> {
    return this.run({ type: 'DeactivateUser', userId, actorId: context.userId }, undefined, context, 'deactivated');
  }

  reactivate(userId: string, context: CommandContext): Promise<CommandResult> {
    return this.run({ type: 'ReactivateUser', userId }, undefined, context);
  }

  /** Stores the new hash, ends the user's sessions, then records that the password was set. */
  async setPassword(
    userId: string,
    password: string,
    reason: 'reset' | 'admin',
    context: CommandContext,
  ): Promise<CommandResult> {
    const loaded = await this.load(userId);
    const events = decideUser({ type: 'SetPassword', userId, reason }, loaded.state);
    if (!loaded.state.exists) throw new Error('unreachable: decide refuses unknown users');
    await this.deps.credentials.save(userId, loaded.state.email, await hashPassword(password));
    await this.endSessions(userId, 'password_changed', context);
    const appended = await appendEvents(this.deps.store, userStreamId(userId), events, loaded.revision, context);
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
    if (endsSessions) await this.endSessions(command.userId, endsSessions === 'deactivated' ? 'deactivated' : 'role_changed', context);
    const appended = await appendEvents(this.deps.store, userStreamId(command.userId), events, loaded.revision, context);
    return { id: command.userId, revision: appended.nextExpectedRevision, position: appended.position };
  }

  /** Ends every session of the user; the access log records it when there were any. */
  private async endSessions(
    userId: string,
    reason: 'deactivated' | 'password_changed' | 'role_changed',
    context: CommandContext,
  ): Promise<void> {
    const ended = await this.deps.sessions.destroyAllForUser(userId);
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
