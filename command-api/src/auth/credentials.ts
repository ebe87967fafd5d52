import type pg from 'pg';
import { normaliseEmail } from '@care/events';

export interface Credential {
  readonly userId: string;
  readonly passwordHash: string;
}

/** auth.credentials: the only place a password hash lives (mutable, never in an event). */
export class Credentials {
  constructor(private readonly pool: pg.Pool) {}

  async findByEmail(email: string): Promise<Credential | undefined> {
    const { rows } = await this.pool.query<{ user_id: string; password_hash: string }>(
      'SELECT user_id, password_hash FROM auth.credentials WHERE email = $1',
      [normaliseEmail(email)],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, passwordHash: row.password_hash } : undefined;
  }

  async findByUserId(userId: string): Promise<Credential | undefined> {
    const { rows } = await this.pool.query<{ user_id: string; password_hash: string }>(
      'SELECT user_id, password_hash FROM auth.credentials WHERE user_id = $1',
      [userId],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, passwordHash: row.password_hash } : undefined;
  }

  async save(userId: string, email: string, passwordHash: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO auth.credentials (user_id, email, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, password_hash = EXCLUDED.password_hash, updated_at = now()`,
      [userId, normaliseEmail(email), passwordHash],
    );
  }

  async count(): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>('SELECT count(*) FROM auth.credentials');
    return Number(rows[0]!.count);
  }
}
