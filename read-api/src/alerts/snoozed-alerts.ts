import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { AlertSeverity } from '@care/events';
import type { ReadModelDatabase } from '@care/projector';

/**
 * A snoozed alert is open but out of every count until its snooze ends. The totals the counts sum (alert_totals)
 * know nothing of snoozes, so the counts subtract these: the snoozed alerts are few, and both queries read only the
 * partial index of the snoozed alerts (projector/src/alerts/alert-schema.ts). Resolving or acknowledging ends a
 * snooze, so a snoozed alert is always open.
 */
const figures = (urgent: readonly AlertSeverity[]) =>
  [
    sql<number>`count(*) filter (where s.status = 'active')`.as('active'),
    sql<number>`count(*) filter (where s.status = 'active' and s.severity in (${sql.join([...urgent])}))`.as('urgent'),
    sql<number>`count(*)`.as('open'),
  ] as const;

/**
 * Staff: the snoozed alerts standing alone that `inAudiences` lets through (a snoozed group member leaves its group
 * instead). The caller gives the audience condition on `s.audience` and the urgent severities (alert-items.ts).
 */
export function snoozedAloneItems(
  db: Kysely<ReadModelDatabase>,
  inAudiences: Expression<SqlBool>,
  urgent: readonly AlertSeverity[],
) {
  return db
    .selectFrom('alerts as s')
    .where('s.snoozed_until', 'is not', null)
    .where('s.group_key', 'is', null)
    .where(inAudiences)
    .select(figures(urgent));
}

/** Carers: each account's own snoozed alerts (those about the carer record linked to it). */
export function snoozedOwnItems(
  db: Kysely<ReadModelDatabase>,
  userIds: readonly string[],
  urgent: readonly AlertSeverity[],
) {
  return (
    db
      .selectFrom('alerts as s')
      .innerJoin('appointment_carer_names as me', 'me.id', 's.carer_id')
      .where('s.snoozed_until', 'is not', null)
      // None (the staff's figures): no rows, where `in ()` would be invalid SQL.
      .where((eb) => (userIds.length === 0 ? sql<SqlBool>`false` : eb('me.user_id', 'in', [...userIds])))
      .groupBy('me.user_id')
      .select([sql<string>`me.user_id::text`.as('owner'), ...figures(urgent)])
  );
}
