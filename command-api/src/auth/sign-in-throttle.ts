import type pg from 'pg';
import { normaliseEmail } from '@care/events';
import type { AuthPolicy } from './auth-policy';
import { countFailure, type AttemptCount } from './failure-count';

export type AttemptKind = 'account' | 'address';

export interface AttemptKey {
  readonly kind: AttemptKind;
  /** The email tried (case-folded), or the client address. */
  readonly value: string;
}

export interface ThrottleKeys {
  readonly account: AttemptKey;
  readonly address: AttemptKey;
}

/** A lock that a failure has just set: recorded once as `UserSignInLockedOut`. */
export interface Lockout {
  readonly key: AttemptKey;
  readonly lockedUntil: Date;
}

/** Too many failures: answered 429 with Retry-After. */
export class SignInLockedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    this.name = 'SignInLockedError';
  }
}

export function throttleKeys(email: string, ipAddress: string | null): ThrottleKeys {
  return {
    account: { kind: 'account', value: normaliseEmail(email) },
    address: { kind: 'address', value: ipAddress ?? 'unknown' },
  };
}

/**
 * Counts failed sign-ins per account and per address in auth.sign_in_attempts (shared by every
 * command-api instance). Reaching the limit inside the window locks the key for a while. Rows carry
 * their expiry and are swept, so a script guessing at random emails leaves nothing that lasts.
 */
export class SignInThrottle {
  constructor(
    private readonly pool: pg.Pool,
    private readonly policy: AuthPolicy,
  ) {}

  /** Seconds until the latest lock among these keys ends; 0 when none is locked. */
  async lockedForSeconds(...keys: AttemptKey[]): Promise<number> {
    const { rows } = await this.pool.query<{ seconds: string | null }>(
      `SELECT ceil(extract(epoch FROM max(locked_until) - now())) AS seconds
         FROM auth.sign_in_attempts
        WHERE (kind, value) IN (SELECT * FROM unnest($1::text[], $2::text[])) AND locked_until > now()`,
      [keys.map((key) => key.kind), keys.map((key) => key.value)],
    );
    return Math.max(0, Number(rows[0]?.seconds ?? 0));
  }

  /** Counts a failed sign-in against the account and the address; returns the locks it set. */
  async recordFailure(keys: ThrottleKeys): Promise<Lockout[]> {
    const account = await this.count(keys.account, this.policy.maxFailuresPerAccount);
    const address = await this.count(keys.address, this.policy.maxFailuresPerAddress);
    return [account, address].filter((lockout) => lockout !== undefined);
  }

  /**
   * A password-reset request counts against its address only: enough of them lock the address
   * like failed sign-ins, but nobody can lock someone else's account by asking for their reset.
   */
  async recordResetRequest(keys: ThrottleKeys): Promise<Lockout[]> {
    const address = await this.count(keys.address, this.policy.maxFailuresPerAddress);
    return address ? [address] : [];
  }

  /** A successful sign-in clears the account's count (the address keeps its own). */
  async clearAccount(keys: ThrottleKeys): Promise<void> {
    await this.pool.query('DELETE FROM auth.sign_in_attempts WHERE kind = $1 AND value = $2', [
      keys.account.kind,
      keys.account.value,
    ]);
  }

  /** Deletes the counts whose window and lock have both run out. Returns how many went. */
  async sweep(): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM auth.sign_in_attempts WHERE expires_at <= now()');
    return rowCount ?? 0;
  }

  /** One failure for one key, under the row's lock so parallel failures count one by one. */
  private async count(key: AttemptKey, limit: number): Promise<Lockout | undefined> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO auth.sign_in_attempts (kind, value, failures, window_started_at, expires_at)
         VALUES ($1, $2, 0, now(), now()) ON CONFLICT (kind, value) DO NOTHING`,
        [key.kind, key.value],
      );
      const { rows } = await client.query<{
        failures: number;
        window_started_at: Date;
        locked_until: Date | null;
        now: Date;
      }>(
        `SELECT failures, window_started_at, locked_until, now() AS now
           FROM auth.sign_in_attempts WHERE kind = $1 AND value = $2 FOR UPDATE`,
        [key.kind, key.value],
      );
      const row = rows[0]!;
      const current: AttemptCount = {
        failures: row.failures,
        windowStartedAt: row.window_started_at,
        lockedUntil: row.locked_until,
      };
      const { next, expiresAt, lockedNow } = countFailure(current, row.now, {
        limit,
        windowMinutes: this.policy.failureWindowMinutes,
        lockoutMinutes: this.policy.lockoutMinutes,
      });
      await client.query(
        `UPDATE auth.sign_in_attempts SET failures = $3, window_started_at = $4, locked_until = $5, expires_at = $6
          WHERE kind = $1 AND value = $2`,
        [key.kind, key.value, next.failures, next.windowStartedAt, next.lockedUntil, expiresAt],
      );
      await client.query('COMMIT');
      return lockedNow && next.lockedUntil ? { key, lockedUntil: next.lockedUntil } : undefined;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}
