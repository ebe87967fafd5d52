import {
  alertAudiencesReadBy,
  userSettingsStreamId,
  type AlertAudience,
  type EventStore,
  type NotificationChoices,
} from '@care/events';
import { HttpError, type Session, type SessionStore } from '@care/events/server';
import { AccessRecorder } from '../auth/access-recorder';
import type { ClientInfo } from '../auth/client-info';
import type { Credentials } from '../auth/credentials';
import { verifyPassword } from '../auth/passwords';
import { SignInLockedError, throttleKeys, type SignInThrottle } from '../auth/sign-in-throttle';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { appendEvents } from '../shared/event-stream';
import type { UserService } from '../users/user-service';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

export interface AccountDependencies {
  readonly store: EventStore;
  readonly users: UserService;
  readonly credentials: Credentials;
  readonly sessions: SessionStore;
  readonly throttle: SignInThrottle;
}

/**
 * The signed-in user's own account (/settings): their name, their password and their notification choices. Each
 * acts only on the session's own account, so no id comes from the request.
 */
export class AccountService {
  private readonly access: AccessRecorder;

  constructor(private readonly deps: AccountDependencies) {
    this.access = new AccessRecorder(deps.store);
  }

  changeName(session: Session, firstName: string, lastName: string, context: CommandContext): Promise<CommandResult> {
    return this.deps.users.updateProfile(session.userId, { firstName, lastName }, undefined, context);
  }

  /**
   * A new password, given the current one. A wrong current password counts as a failed sign-in of the account
   * (a stolen session cannot guess its way to the password), and a locked account is refused with 429. Setting
   * it ends every session of the account (UserService.setPassword); this browser then gets a fresh session read
   * at the new revision, so only the other sessions end.
   */
  async changePassword(
    session: Session,
    currentPassword: string,
    newPassword: string,
    client: ClientInfo,
    context: CommandContext,
  ): Promise<{ result: CommandResult; token: string }> {
    const keys = throttleKeys(session.email, client.ipAddress);
    const lockedFor = await this.deps.throttle.lockedForSeconds(keys.account);
    if (lockedFor > 0) throw new SignInLockedError(lockedFor);
    const credential = await this.deps.credentials.findByUserId(session.userId);
    if (!credential || !(await verifyPassword(credential.passwordHash, currentPassword))) {
      await this.access.recordLockouts(
        await this.deps.throttle.recordFailure(keys),
        session.userId,
        client,
        context.requestId,
      );
      throw new HttpError(400, 'Validation failed', { currentPassword: WRONG_CURRENT_PASSWORD });
    }
    const result = await this.deps.users.setPassword(session.userId, newPassword, 'self', context);
    const { token } = await this.deps.sessions.create({
      userId: session.userId,
      userRevision: result.revision.toString(),
      email: session.email,
      firstName: session.firstName,
      lastName: session.lastName,
      role: session.role,
      ...client,
    });
    return { result, token };
  }

  async setNotificationChoices(
    userId: string,
    choices: NotificationChoices,
    context: CommandContext,
  ): Promise<CommandResult> {
    const appended = await appendEvents(
      this.deps.store,
      userSettingsStreamId(userId),
      [{ type: 'UserNotificationChoicesSet', data: { userId, choices } }],
      'any',
      context,
    );
    return { id: userId, revision: appended.nextExpectedRevision, position: appended.position };
  }

  /**
   * The audiences the caller's own bell follows. Only audiences their role reads may be followed: one they cannot
   * read is refused with 400 naming the field, before anything is appended.
   */
  async setAlertAudiences(
    session: Session,
    audiences: readonly AlertAudience[],
    context: CommandContext,
  ): Promise<CommandResult> {
    const readable = alertAudiencesReadBy(session.role);
    const unreadable = audiences.filter((audience) => !readable.includes(audience));
    if (unreadable.length > 0) {
      throw new HttpError(400, 'Validation failed', {
        audiences: `You do not read ${unreadable.join(', ')} alerts, so your bell cannot follow them`,
      });
    }
    const appended = await appendEvents(
      this.deps.store,
      userSettingsStreamId(session.userId),
      [{ type: 'UserAlertAudiencesSet', data: { userId: session.userId, audiences: [...audiences] } }],
      'any',
      context,
    );
    return { id: session.userId, revision: appended.nextExpectedRevision, position: appended.position };
  }
}
