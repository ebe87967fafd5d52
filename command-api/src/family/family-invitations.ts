import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { FAMILY_RELATIONSHIP_LABELS, type FamilyRelationship } from '@care/events';
import { enqueueMail } from '../mail/outbox';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface InvitationMail {
  readonly accessId: string;
  readonly userId: string;
  readonly email: string;
  readonly name: string;
  readonly relationship: FamilyRelationship;
  /** The person already signs in to the portal (for another client): the link only accepts, no password is chosen. */
  readonly signsInAlready: boolean;
}

/**
 * The one-time links of family invitations (auth.family_invitations). Like a password reset link: only the token's
 * hash is stored, it works once, for INVITATION_DAYS days, and the link is never logged nor put in an event. The
 * mail goes through the outbox, whose sender drops the body once it is delivered.
 */
export class FamilyInvitations {
  constructor(
    private readonly pool: pg.Pool,
    /** PUBLIC_URL: every link starts with it, never with a Host a caller sent. */
    private readonly publicUrl: string,
  ) {}

  async send(invitation: InvitationMail): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await this.pool.query(
      `INSERT INTO auth.family_invitations (token_hash, access_id, user_id, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(days => $4))`,
      [tokenHash(token), invitation.accessId, invitation.userId, INVITATION_DAYS],
    );
    const relationship = FAMILY_RELATIONSHIP_LABELS[invitation.relationship].toLowerCase();
    const link = `${this.publicUrl}/landing?${new URLSearchParams({ invitation: token }).toString()}`;
    await enqueueMail(this.pool, {
      kind: 'family-invitation',
      to: invitation.email,
      subject: 'You are invited to the family portal',
      text: `Dear ${invitation.name},\n\n${
        invitation.signsInAlready
          ? `The care agency has invited you to follow one more person's care in its family portal (as ${relationship}).\n\nTo accept, open this link within ${INVITATION_DAYS} days (it works once). You keep your password: sign in as usual afterwards.`
          : `The care agency has invited you to its family portal (as ${relationship}).\n\nTo accept, open this link within ${INVITATION_DAYS} days and choose a password (it works once):`
      }\n\n${link}\n\nIf you did not expect this, ignore this email and tell the agency.\n`,
    });
  }

  /** The link's access and account while it still works (unused, unexpired), without spending it. */
  async find(token: string): Promise<{ accessId: string; userId: string } | undefined> {
    const { rows } = await this.pool.query<{ access_id: string; user_id: string }>(
      `SELECT access_id, user_id FROM auth.family_invitations
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
      [tokenHash(token)],
    );
    const row = rows[0];
    return row ? { accessId: row.access_id, userId: row.user_id } : undefined;
  }

  /** Spends the link: the access and account it was for, or undefined when it is unknown, spent or expired. */
  async spend(token: string): Promise<{ accessId: string; userId: string } | undefined> {
    const { rows } = await this.pool.query<{ access_id: string; user_id: string }>(
      `UPDATE auth.family_invitations SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
       RETURNING access_id, user_id`,
      [tokenHash(token)],
    );
    const row = rows[0];
    return row ? { accessId: row.access_id, userId: row.user_id } : undefined;
  }

  /** A withdrawn access's unused links stop working at once. */
  async revoke(accessId: string): Promise<void> {
    await this.pool.query('DELETE FROM auth.family_invitations WHERE access_id = $1 AND used_at IS NULL', [accessId]);
  }
}
