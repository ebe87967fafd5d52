import type { Kysely } from 'kysely';
import {
  ALERT_AUDIENCES,
  alertAudiencesReadBy,
  can,
  followedAlertAudiences,
  type AlertAudience,
  type Role,
} from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';

/**
 * Whose alerts, tasks and dashboard figures a caller reads (docs/decisions/0014-carer-scope.md). Staff (alerts.read:
 * admins and coordinators, who also read every task, visit, diary entry and training record) read the agency's,
 * limited for alerts to the audiences they read (`alerts`: finance alerts need financeAlerts.read); anyone else reads
 * their own: the alerts and visits of the carer record linked to their account, the tasks assigned to them. The live
 * push computes figures once per audience, so everything here depends on the audience alone.
 */
export type Audience =
  | { readonly kind: 'staff'; readonly alerts: readonly AlertAudience[] }
  | { readonly kind: 'own'; readonly userId: string };

/** Staff reading every alert audience. */
export const STAFF: Audience = { kind: 'staff', alerts: ALERT_AUDIENCES };

export function audienceOf(session: { readonly userId: string; readonly role: Role }): Audience {
  return can(session.role, 'alerts.read')
    ? { kind: 'staff', alerts: alertAudiencesReadBy(session.role) }
    : { kind: 'own', userId: session.userId };
}

/** The alert audiences each of these accounts chose for their bell (absent or null: never chosen, so every one). */
export async function chosenAlertAudiences(
  db: Kysely<ReadModelDatabase>,
  userIds: readonly string[],
): Promise<Map<string, AlertAudience[] | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('users')
    .select(['id', 'alert_audiences'])
    .where('id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.alert_audiences]));
}

/**
 * The audience of the caller's bell: the count, the dashboard's alert figures and the live push. Staff count only the
 * audiences they read and follow (/settings); the lists keep every audience they read (audienceOf). A carer's bell
 * is their own alerts, as in audienceOf.
 */
export async function bellAudienceOf(
  db: Kysely<ReadModelDatabase>,
  session: { readonly userId: string; readonly role: Role },
): Promise<Audience> {
  const audience = audienceOf(session);
  if (audience.kind === 'own') return audience;
  const chosen = (await chosenAlertAudiences(db, [session.userId])).get(session.userId) ?? null;
  return { kind: 'staff', alerts: followedAlertAudiences(session.role, chosen) };
}
