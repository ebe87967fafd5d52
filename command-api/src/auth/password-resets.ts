import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { accessStreamId, type EventStore } from '@care/events';
import { HttpError, type Logger } from '@care/events/server';
import type { CommandContext } from '../shared/actor';
import { appendEvents } from '../shared/event-stream';
import type { UserService } from '../users/user-service';
import type { AuthPolicy } from './auth-policy';
import type { ClientInfo } from './client-info';
import type { Credentials } from './credentials';

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired';
export const RESET_REQUESTED =
  'If that email belongs to an active account, a password reset link has been issued. Ask your administrator for it.';
export const RESET_ISSUED = 'A one-time reset link has been written to the server log.';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface PasswordResetDependencies {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly credentials: Credentials;
  readonly users: UserService;
  readonly policy: AuthPolicy;
}

/**
 * One-time password-reset links. There is no mail server yet, so the link goes to the server
 * log (README "Password resets"); only a hash of its token is stored, and it works once.
 */
export class PasswordResets {
  constructor(private readonly deps: PasswordResetDependencies) {}

  /** Issues a link for a known, active account. Returns false (and issues nothing) otherwise. */
  async issue(
    userId: string,
    requestedBy: 'self' | 'admin',
    origin: string,
    client: ClientInfo,
    context: CommandContext,
    log: Logger,
  ): Promise<boolean> {
    const { state } = await this.deps.users.load(userId);
    if (!state.exists || !state.isActive) return false;
    const token = randomBytes(32).toString('base64url');
    await this.deps.pool.query(
      `INSERT INTO auth.password_resets (token_hash, user_id, expires_at)
       VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [tokenHash(token), userId, this.deps.policy.resetLinkMinutes],
    );
    await appendEvents(
      this.deps.store,
      accessStreamId(userId),
      [{ type: 'PasswordResetIssued', data: { userId, requestedBy, ...client } }],
      'any',
      context,
    );
    const link = `${origin}/landing?reset=${token}`;
    log.warn(
      { userId, email: state.email, resetLink: link, validMinutes: this.deps.policy.resetLinkMinutes },
      'password reset link issued: no mail server is configured, pass this link to the user',
    );
    return true;
  }

  async requestByEmail(email: string, origin: string, client: ClientInfo, requestId: string, log: Logger): Promise<void> {
    const credential = await this.deps.credentials.findByEmail(email);
    if (!credential) return;
    await this.issue(credential.userId, 'self', origin, client, { userId: 'anonymous', requestId }, log);
  }

  /** Uses the link once: the token is spent before the new password is stored. */
  async complete(token: string, password: string, requestId: string): Promise<void> {
    const { rows } = await this.deps.pool.query<{ user_id: string }>(
      `UPDATE auth.password_resets SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
       RETURNING user_id`,
      [tokenHash(token)],
    );
    const userId = rows[0]?.user_id;
    if (!userId) throw new HttpError(400, RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
    await this.deps.users.setPassword(userId, password, 'reset', { userId, requestId });
  }
}
