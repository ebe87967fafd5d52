import type pg from 'pg';
import type { Logger } from '@care/events/server';

/**
 * When each carer's app was last online. The carer app keeps a live connection to the read API while it has
 * signal, so the read API sees it come and go: it notes the time when a carer's app connects, every minute while
 * it stays connected, and when it goes. Visit Tracking shows "app last online 08:47", and a missed-visit alert says
 * whether the carer's app was offline, so the office can tell a carer who did not come from a phone without
 * signal. The read API is the one writer of this table (docs/decisions/0022); the rules process reads it.
 */
export const APP_PRESENCE_TABLE = 'read_api.app_last_online';

/** How often a connected carer's time is renewed: "last online" is never more than this behind. */
export const PRESENCE_RENEW_MS = 60_000;

export async function ensurePresenceSchema(pool: pg.Pool): Promise<void> {
  await pool.query(`CREATE SCHEMA IF NOT EXISTS read_api`);
  await pool.query(
    `CREATE TABLE IF NOT EXISTS ${APP_PRESENCE_TABLE} (
       user_id uuid PRIMARY KEY,
       last_online_at timestamptz NOT NULL
     )`,
  );
}

export class AppPresence {
  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
  ) {}

  /** These users' apps are online now (one statement for any number of them); a failure is logged, never thrown. */
  async seen(userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    try {
      await this.pool.query(
        `INSERT INTO ${APP_PRESENCE_TABLE} (user_id, last_online_at)
         SELECT unnest($1::uuid[]), now()
         ON CONFLICT (user_id) DO UPDATE SET last_online_at = greatest(${APP_PRESENCE_TABLE}.last_online_at, excluded.last_online_at)`,
        [[...new Set(userIds)]],
      );
    } catch (error) {
      this.log.error({ err: error }, 'could not note when carers were online');
    }
  }
}
