import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { ROLES } from '../../enums';

/** Session cookie: httpOnly, SameSite=Lax, Secure over https (set by the command API at sign-in). */
export const SESSION_COOKIE = 'care.sid';

/** What a session row holds. Role is fixed at sign-in; a role change or deactivation ends the sessions. */
export const sessionDataSchema = z.object({
  userId: z.uuid(),
  /**
   * The revision of the account's stream the sign-in read its role and status from. A session read
   * from before the account's last access change is void (auth.access_changes). Absent in sessions
   * opened before this field existed: they count as older than any change.
   */
  userRevision: z
    .string()
    .regex(/^-?\d+$/)
    .optional(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  createdAt: z.iso.datetime(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

export interface Session extends SessionData {
  /** The table key (a hash of the cookie's token), never the token itself. */
  readonly sid: string;
  readonly expire: Date;
}

export interface SessionPolicy {
  /** Signed out after this long without a request. */
  readonly idleMinutes: number;
  /** Signed out this long after sign-in, however active. */
  readonly maxHours: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMinutes: 30, maxHours: 12 };

/** The row key: a stolen database copy holds no usable cookie. */
const sidOf = (token: string): string => createHash('sha256').update(token).digest('base64url');

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * SQL condition on a row of auth.sessions aliased `s`: the session was read from a revision of its
 * account older than the account's last access change, so it must not be honoured.
 */
const VOIDED = `EXISTS (
  SELECT 1 FROM auth.access_changes c
   WHERE c.user_id = (s.sess->>'userId')::uuid
     AND c.revision > coalesce((s.sess->>'userRevision')::bigint, -1))`;

/**
 * The lookup every /api request makes. Touch (slide the idle expiry, capped by the absolute limit) only when the last
 * touch is over a minute old; a capped expiry may already be past, so the result is filtered again. Sent as a named
 * (prepared) statement: PostgreSQL parses and plans it once per connection instead of on every request.
 */
const FIND_SESSION = `WITH touched AS (
         UPDATE auth.sessions AS s
            SET expire = LEAST(now() + make_interval(mins => $2),
                               (s.sess->>'createdAt')::timestamptz + make_interval(hours => $3))
          WHERE s.sid = $1 AND s.expire > now()
            AND s.expire < now() + make_interval(mins => $2) - interval '1 minute'
            AND NOT ${VOIDED}
         RETURNING s.sess, s.expire)
       SELECT sess, expire FROM touched WHERE expire > now()
       UNION ALL
       SELECT s.sess, s.expire FROM auth.sessions AS s
        WHERE s.sid = $1 AND s.expire > now() AND NOT EXISTS (SELECT 1 FROM touched) AND NOT ${VOIDED}`;

/**
 * Sessions in PostgreSQL `auth.sessions (sid, sess, expire)`, shared by every API instance.
 * `expire` slides with use (idle timeout) but never past createdAt + maxHours.
 */
export class SessionStore {
  constructor(
    private readonly pool: pg.Pool,
    readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY,
  ) {}

  /** Returns the cookie token (32 random bytes); only its hash is stored. */
  async create(data: Omit<SessionData, 'createdAt'>): Promise<{ token: string; expire: Date }> {
    const token = randomBytes(32).toString('base64url');
    const sess: SessionData = { ...data, createdAt: new Date().toISOString() };
    const { rows } = await this.pool.query<{ expire: Date }>(
      `INSERT INTO auth.sessions (sid, sess, expire)
       VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING expire`,
      [sidOf(token), JSON.stringify(sess), this.policy.idleMinutes],
    );
    return { token, expire: rows[0]!.expire };
  }

  /**
   * The live session for a cookie token, or undefined. Extends its idle expiry, at most once a
   * minute per session so that reads do not turn into a write each.
   */
  async find(token: string | undefined): Promise<Session | undefined> {
    if (token === undefined || !TOKEN.test(token)) return undefined;
    const sid = sidOf(token);
    const { rows } = await this.pool.query<{ sess: unknown; expire: Date }>({
      name: 'session-find',
      text: FIND_SESSION,
      values: [sid, this.policy.idleMinutes, this.policy.maxHours],
    });
    const row = rows[0];
    if (!row) return undefined;
    const sess = sessionDataSchema.safeParse(row.sess);
    if (!sess.success) return undefined;
    return { ...sess.data, sid, expire: row.expire };
  }

  /** Ends one session; returns what it held (for the sign-out event). */
  async destroy(token: string | undefined): Promise<SessionData | undefined> {
    if (token === undefined || !TOKEN.test(token)) return undefined;
    const { rows } = await this.pool.query<{ sess: unknown }>(
      'DELETE FROM auth.sessions WHERE sid = $1 RETURNING sess',
      [sidOf(token)],
    );
    const sess = sessionDataSchema.safeParse(rows[0]?.sess);
    return sess.success ? sess.data : undefined;
  }

  /**
   * After an access change (deactivation, role change, new password) was appended at `revision` of the
   * account's stream: voids every session read from an older revision, at once and for every API
   * instance (including one a racing sign-in opens after this call), then deletes the user's sessions.
   * Returns how many were deleted.
   */
  async endAllForUser(userId: string, revision: bigint): Promise<number> {
    await this.pool.query(
      `INSERT INTO auth.access_changes (user_id, revision) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET revision = GREATEST(auth.access_changes.revision, EXCLUDED.revision), changed_at = now()`,
      [userId, revision.toString()],
    );
    const { rowCount } = await this.pool.query("DELETE FROM auth.sessions WHERE sess->>'userId' = $1", [userId]);
    return rowCount ?? 0;
  }

  /** Which of these session keys are still live (live sockets are re-checked with it). */
  async liveSids(sids: readonly string[]): Promise<Set<string>> {
    if (sids.length === 0) return new Set();
    const { rows } = await this.pool.query<{ sid: string }>(
      `SELECT s.sid FROM auth.sessions AS s WHERE s.sid = ANY($1) AND s.expire > now() AND NOT ${VOIDED}`,
      [sids],
    );
    return new Set(rows.map((row) => row.sid));
  }

  /**
   * Deletes expired sessions and returns what they held (for the access log). Void ones (opened by a
   * sign-in that raced an access change) are deleted too, without a sign-out record: they never worked.
   */
  async purgeExpired(): Promise<SessionData[]> {
    await this.pool.query(`DELETE FROM auth.sessions AS s WHERE ${VOIDED}`);
    const { rows } = await this.pool.query<{ sess: unknown }>(
      'DELETE FROM auth.sessions WHERE expire <= now() RETURNING sess',
    );
    return rows.flatMap((row) => {
      const sess = sessionDataSchema.safeParse(row.sess);
      return sess.success ? [sess.data] : [];
    });
  }
}

/** The session token from a raw Cookie header (socket.io handshakes have no koa context). */
export function sessionTokenFromCookieHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === SESSION_COOKIE) return part.slice(index + 1).trim();
  }
  return undefined;
}
