import { normaliseEmail, type AuthUserView, type EventStore } from '@care/events';
import { HttpError, type SessionStore } from '@care/events/server';
import type { UserService } from '../users/user-service';
import { AccessRecorder } from './access-recorder';
import type { ClientInfo } from './client-info';
import type { Credentials } from './credentials';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import { SignInLockedError, throttleKeys, type SignInThrottle } from './sign-in-throttle';

export const INVALID_SIGN_IN = 'Invalid email or password';

export interface SignInDependencies {
  readonly store: EventStore;
  readonly credentials: Credentials;
  readonly sessions: SessionStore;
  readonly throttle: SignInThrottle;
  readonly users: UserService;
}

/**
 * Checks a password against auth.credentials and the account's event stream (the authority on
 * role and status) and opens a session. All refusals read the same to the caller, so they reveal
 * nothing about which accounts exist. Failures are counted in auth.sign_in_attempts; the access
 * log records sign-ins, refusals of deactivated accounts and each lockout, not every wrong guess.
 */
export class SignInService {
  private readonly access: AccessRecorder;

  constructor(private readonly deps: SignInDependencies) {
    this.access = new AccessRecorder(deps.store);
  }

  async signIn(
    email: string,
    password: string,
    client: ClientInfo,
    requestId: string,
  ): Promise<{ token: string; user: AuthUserView }> {
    const keys = throttleKeys(email, client.ipAddress);
    // A locked account or address is refused before any work, and records nothing: its lockout is in the log.
    const lockedFor = await this.deps.throttle.lockedForSeconds(keys.account, keys.address);
    if (lockedFor > 0) throw new SignInLockedError(lockedFor);

    const credential = await this.deps.credentials.findByEmail(email);
    const userId = credential?.userId ?? null;
    const countFailure = async () =>
      this.access.recordLockouts(await this.deps.throttle.recordFailure(keys), userId, client, requestId);

    const matches = credential
      ? await verifyPassword(credential.passwordHash, password)
      : await verifyAgainstNothing(password);
    if (!credential || !matches) {
      await countFailure();
      throw new HttpError(401, INVALID_SIGN_IN);
    }
    const { state, revision } = await this.deps.users.load(credential.userId);
    if (!state.exists || !state.isActive) {
      // The right password for a deactivated account: worth an entry, and counted so it cannot flood the log.
      await this.access.record(
        credential.userId,
        {
          type: 'UserSignInFailed',
          data: { userId: credential.userId, email: normaliseEmail(email), reason: 'deactivated', ...client },
        },
        requestId,
      );
      await countFailure();
      throw new HttpError(401, INVALID_SIGN_IN);
    }
    await this.deps.throttle.clearAccount(keys);
    const { token } = await this.deps.sessions.create({
      userId: credential.userId,
      // The revision this role and status were read at: an access change appended after it voids the session.
      userRevision: revision === 'no_stream' ? '-1' : revision.toString(),
      email: state.email,
      firstName: state.profile.firstName,
      lastName: state.profile.lastName,
      role: state.role,
      ...client,
    });
    await this.access.record(
      credential.userId,
      { type: 'UserSignedIn', data: { userId: credential.userId, ...client } },
      requestId,
    );
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
    await this.access.record(
      ended.userId,
      { type: 'UserSignedOut', data: { userId: ended.userId, reason: 'logout', ...client } },
      requestId,
    );
  }
}
