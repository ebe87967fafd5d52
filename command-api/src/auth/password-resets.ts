import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { EventStore, Position } from '@care/events';
import { HttpError } from '@care/events/server';
import type { UserService } from '../users/user-service';
import { AccessRecorder } from './access-recorder';
import type { AuthPolicy } from './auth-policy';
import type { ClientInfo } from './client-info';
import type { Credentials } from './credentials';
import { SignInLockedError, throttleKeys, type SignInThrottle } from './sign-in-throttle';
import { enqueueMail } from '../mail/outbox';

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired';
export const RESET_REQUESTED =
  'If that email belongs to an active account, your administrator can now see the request. Ask them for your reset link.';
export const RESET_ISSUED = 'Password reset link';
/** The same answer for any email (nobody learns which accounts exist), when links go out by mail. */
export const RESET_MAILED = 'If that email belongs to an active account, a reset link has been sent to it.';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface PasswordResetDependencies {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly credentials: Credentials;
  readonly users: UserService;
  readonly policy: AuthPolicy;
  readonly throttle: SignInThrottle;
  /** PUBLIC_URL: every link starts with it, never with a Host a caller sent. */
  readonly publicUrl: string;
  /** SMTP_URL is set: "Request new password" mails the account a link itself (through the outbox). */
  readonly mailLinks?: boolean;
}

/** A link an administrator has just issued, for their eyes only (the command's reply). */
export interface IssuedReset {
  readonly resetLink: string;
  readonly expiresAt: Date;
  readonly validMinutes: number;
  readonly position: Position;
}

/**
 * One-time password-reset links (docs/features/accounts-and-roles.md, "Password resets"). There is no mail server yet: an administrator
 * issues a link from User Management and reads it in the reply, to pass on. Only a hash of its token is
 * stored, it works once, and neither the link nor the token is ever logged or put in an event.
 */
export class PasswordResets {
  private readonly access: AccessRecorder;

  constructor(private readonly deps: PasswordResetDependencies) {
    this.access = new AccessRecorder(deps.store);
  }

  /** Whether "Request new password" mails the link (the reply says so). */
  get mailsLinks(): boolean {
    return this.deps.mailLinks === true;
  }

  /**
   * Issues a link for a known, active account (undefined otherwise). Earlier unused links of the account
   * stop working: only the newest one given out is valid.
   */
  async issue(
    userId: string,
    client: ClientInfo,
    actorId: string,
    requestId: string,
  ): Promise<IssuedReset | undefined> {
    const { state } = await this.deps.users.load(userId);
    if (!state.exists || !state.isActive) return undefined;
    const { token, expiresAt } = await this.createLink(userId);
    const position = await this.access.record(
      userId,
      { type: 'PasswordResetIssued', data: { userId, requestedBy: 'admin', ...client } },
      requestId,
      actorId,
    );
    return { resetLink: this.linkOf(token), expiresAt, validMinutes: this.deps.policy.resetLinkMinutes, position };
  }

  private linkOf(token: string): string {
    return `${this.deps.publicUrl}/landing?${new URLSearchParams({ reset: token }).toString()}`;
  }

  /** A new one-time token for the account (earlier unused ones stop working); only its hash is stored. */
  private async createLink(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const db = await this.deps.pool.connect();
    let expiresAt: Date;
    try {
      await db.query('BEGIN');
      await db.query('DELETE FROM auth.password_resets WHERE user_id = $1 OR expires_at <= now()', [userId]);
      const { rows } = await db.query<{ expires_at: Date }>(
        `INSERT INTO auth.password_resets (token_hash, user_id, expires_at)
         VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING expires_at`,
        [tokenHash(token), userId, this.deps.policy.resetLinkMinutes],
      );
      await db.query('COMMIT');
      expiresAt = rows[0]!.expires_at;
    } catch (error) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      db.release();
    }
    return { token, expiresAt };
  }

  /**
   * "Request new password" on /landing: records the request for an active account, so an administrator
   * sees it in the access log and can issue a link. With mail configured (SMTP_URL) it also issues one and mails
   * it to the account's own address through the outbox; without, it issues nothing (no one could receive it).
   * Requests count against their address like failed sign-ins (SignInLockedError once it is locked).
   */
  async request(email: string, client: ClientInfo, requestId: string): Promise<void> {
    const keys = throttleKeys(email, client.ipAddress);
    const lockedFor = await this.deps.throttle.lockedForSeconds(keys.address);
    if (lockedFor > 0) throw new SignInLockedError(lockedFor);
    await this.access.recordLockouts(await this.deps.throttle.recordResetRequest(keys), null, client, requestId);
    const credential = await this.deps.credentials.findByEmail(email);
    if (!credential) return;
    const { state } = await this.deps.users.load(credential.userId);
    if (!state.exists || !state.isActive) return;
    await this.access.record(
      credential.userId,
      { type: 'PasswordResetRequested', data: { userId: credential.userId, ...client } },
      requestId,
      'anonymous',
    );
    if (!this.deps.mailLinks) return;
    // With mail configured the link goes to the account's own address, not through an administrator.
    const { token } = await this.createLink(credential.userId);
    await this.access.record(
      credential.userId,
      { type: 'PasswordResetIssued', data: { userId: credential.userId, requestedBy: 'self', ...client } },
      requestId,
      'anonymous',
    );
    await enqueueMail(this.deps.pool, {
      kind: 'password-reset',
      to: state.email,
      subject: 'Reset your password',
      text: `Someone asked to reset the password of your care platform account.\n\nTo choose a new password, open this link within ${this.deps.policy.resetLinkMinutes} minutes (it works once):\n\n${this.linkOf(token)}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
    });
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

  /** Deletes links that can no longer be used (expired, or spent more than a day ago). */
  async sweep(): Promise<number> {
    const { rowCount } = await this.deps.pool.query(
      "DELETE FROM auth.password_resets WHERE expires_at <= now() OR used_at < now() - interval '1 day'",
    );
    return rowCount ?? 0;
  }
}
