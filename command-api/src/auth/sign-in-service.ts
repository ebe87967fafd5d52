import {
  accessStreamId,
  normaliseEmail,
  UNKNOWN_ACCOUNT_ACCESS_STREAM,
  type AccessEvent,
  type AuthUserView,
  type EventStore,
} from '@care/events';
import { HttpError, type SessionStore } from '@care/events/server';
import type { CommandContext } from '../shared/actor';
import { appendEvents } from '../shared/event-stream';
import type { UserService } from '../users/user-service';
import type { ClientInfo } from './client-info';
import type { Credentials } from './credentials';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import { throttleKeys, type SignInThrottle } from './sign-in-throttle';

export const INVALID_SIGN_IN = 'Invalid email or password';

/** Too many failures: answered 429 with Retry-After. */
export class SignInLockedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    this.name = 'SignInLockedError';
  }
}

export interface SignInDependencies {
  readonly store: EventStore;
  readonly credentials: Credentials;
  readonly sessions: SessionStore;
  readonly throttle: SignInThrottle;
  readonly users: UserService;
}

/**
 * Checks a password against auth.credentials and the account's event stream (the authority on
 * role and status), opens a session, and records every attempt in the access log. All refusals
 * read the same to the caller, so they reveal nothing about which accounts exist.
 */
export class SignInService {
  constructor(private readonly deps: SignInDependencies) {}

  async signIn(
    email: string,
    password: string,
    client: ClientInfo,
    requestId: string,
  ): Promise<{ token: string; user: AuthUserView }> {
    const keys = throttleKeys(email, client.ipAddress);
    const credential = await this.deps.credentials.findByEmail(email);
    const userId = credential?.userId ?? null;
    const fail = async (reason: 'wrong_password' | 'unknown_email' | 'deactivated' | 'locked') =>
      this.record(userId, { type: 'UserSignInFailed', data: { userId, email: normaliseEmail(email), reason, ...client } }, requestId);

    const lockedFor = await this.deps.throttle.lockedForSeconds(keys.account, keys.address);
    if (lockedFor > 0) {
      await fail('locked');
      throw new SignInLockedError(lockedFor);
    }
    const matches = credential
      ? await verifyPassword(credential.passwordHash, password)
      : await verifyAgainstNothing(password);
    if (!credential || !matches) {
      await this.deps.throttle.recordFailure(keys);
      await fail(credential ? 'wrong_password' : 'unknown_email');
      throw new HttpError(401, INVALID_SIGN_IN);
    }
    const { state } = await this.deps.users.load(credential.userId);
    if (!state.exists || !state.isActive) {
      await fail('deactivated');
      throw new HttpError(401, INVALID_SIGN_IN);
    }
    await this.deps.throttle.clearAccount(keys);
    const { token } = await this.deps.sessions.create({
      userId: credential.userId,
      email: state.email,
      firstName: state.profile.firstName,
      lastName: state.profile.lastName,
      role: state.role,
      ...client,
    });
    await this.record(credential.userId, { type: 'UserSignedIn', data: { userId: credential.userId, ...client } }, requestId);
    return {
      token,
      user: {
        id: credential.userId,
        email: state.email,
        firstName: state.profile.firstName,
        lastName: state.profile.lastName,
        role: state.role,
        region: state.profile.region,
        profileImageUrl: state.profile.profileImageUrl,
        isAdmin: state.role === 'admin',
      },
    };
  }

  /** Ends the session of this cookie, if it is live, and records the sign-out. */
  async signOut(token: string | undefined, client: ClientInfo, requestId: string): Promise<void> {
    const ended = await this.deps.sessions.destroy(token);
    if (!ended) return;
    await this.record(ended.userId, { type: 'UserSignedOut', data: { userId: ended.userId, reason: 'logout', ...client } }, requestId);
  }

  private async record(userId: string | null, event: AccessEvent, requestId: string): Promise<void> {
    const context: CommandContext = { userId: userId ?? 'anonymous', requestId };
    const stream = userId ? accessStreamId(userId) : UNKNOWN_ACCOUNT_ACCESS_STREAM;
    await appendEvents(this.deps.store, stream, [event], 'any', context);
  }
}
