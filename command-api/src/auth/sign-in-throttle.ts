import type pg from 'pg';
import { normaliseEmail } from '@care/events';
import type { AuthPolicy } from './auth-policy';

export interface ThrottleKeys {
  readonly account: string;
  readonly address: string;
}

export function throttleKeys(email: string, ipAddress: string | null): ThrottleKeys {
  return { account: `account:${normaliseEmail(email)}`, address: `address:${ipAddress ?? 'unknown'}` };
}

/**
 * Counts failed sign-ins per account and per address in auth.sign_in_throttle (shared by every
 * command-api instance). Reaching the limit inside the window locks the key for a while.
 */
export class SignInThrottle {
  constructor(
    private readonly pool: pg.Pool,
    private readonly policy: AuthPolicy,
  ) {}

  /** Seconds until the latest lock among these keys ends; 0 when none is locked. */
  async lockedForSeconds(...keys: string[]): Promise<number> {
    const { rows } = await this.pool.query<{ seconds: string | null }>(
      `SELECT ceil(extract(epoch FROM max(locked_until) - now())) AS seconds
         FROM auth.sign_in_throttle WHERE key = ANY($1) AND locked_until > now()`,
      [keys],
    );
    return Math.max(0, Number(rows[0]?.seconds ?? 0));
  }

  async recordFailure(keys: ThrottleKeys): Promise<void> {
    await this.count([
      [keys.account, this.policy.maxFailuresPerAccount],
      [keys.address, this.policy.maxFailuresPerAddress],
    ]);
  }

  /**
   * A password-reset request counts against its address only: enough of them lock the address
   * like failed sign-ins, but nobody can lock someone else's account by asking for their reset.
   */
  async recordResetRequest(keys: ThrottleKeys): Promise<void> {
    await this.count([[keys.address, this.policy.maxFailuresPerAddress]]);
  }

  private async count(limits: readonly (readonly [string, number])[]): Promise<void> {
    const { failureWindowMinutes: window, lockoutMinutes: lockout } = this.policy;
    for (const [key, limit] of limits) {
      await this.pool.query(
        `INSERT INTO auth.sign_in_throttle AS t (key, failures, window_started_at, locked_until)
         VALUES ($1, 1, now(), CASE WHEN $2 <= 1 THEN now() + make_interval(mins => $4) END)
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN t.window_started_at < now() - make_interval(mins => $3) THEN 1 ELSE t.failures + 1 END,
           window_started_at = CASE WHEN t.window_started_at < now() - make_interval(mins => $3) THEN now() ELSE t.window_started_at END,
           locked_until = CASE
             WHEN (CASE WHEN t.window_started_at < now() - make_interval(mins => $3) THEN 1 ELSE t.failures + 1 END) >= $2
             THEN now() + make_interval(mins => $4) ELSE t.locked_until END`,
        [key, limit, window, lockout],
      );
    }
  }

  /** A successful sign-in clears the account's count (the address keeps its own). */
  async clearAccount(keys: ThrottleKeys): Promise<void> {
    await this.pool.query('DELETE FROM auth.sign_in_throttle WHERE key = $1', [keys.account]);
  }
}
