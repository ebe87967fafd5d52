import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { AlertAudience, AlertSeverity } from '@care/events';
import type { ReadModelDatabase } from '@care/projector';
import { snoozedAloneItems } from './snoozed-alerts';

/** The dashboard's "urgent" alerts. */
export const URGENT_SEVERITIES: readonly AlertSeverity[] = ['high', 'critical'];

/** `column` is one of `audiences` (none: a condition that never holds, where `in ()` would be invalid SQL). */
export function inAudiences(column: string, audiences: readonly AlertAudience[]): Expression<SqlBool> {
  return audiences.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`${sql.ref(column)} in (${sql.join(audiences)})`;
}

/**
 * What staff reading `audiences` see as items (docs/features/alerts.md, "Groups"): every open alert that stands alone,
 * and one item per open group however many members it has. `active`: items nobody has acknowledged (a group while any
 * member is unacknowledged), the bell; `urgent`: of those, high or critical; `open`: every open item. Alerts standing
 * alone come from the totals (a few hundred rows), groups from the open-groups index.
 */
export function staffAlertItems(db: Kysely<ReadModelDatabase>, audiences: readonly AlertAudience[]) {
  const alone = db
    .selectFrom('alert_totals as t')
    .where('t.status', '<>', 'resolved')
    .where('t.grouped', '=', false)
    .where(inAudiences('t.audience', audiences))
    .select([
      sql<number>`coalesce(sum(t.alerts) filter (where t.status = 'active'), 0)`.as('active'),
      sql<number>`coalesce(sum(t.alerts) filter (where t.status = 'active' and t.severity in (${sql.join(URGENT_SEVERITIES)})), 0)`.as(
        'urgent',
      ),
      sql<number>`coalesce(sum(t.alerts), 0)`.as('open'),
    ]);
  const groups = db
    .selectFrom('alerts as g')
    .where(sql<SqlBool>`g.status <> 'resolved' and g.group_key is not null`)
    // A snoozed member leaves its group until its snooze ends (snoozed-alerts.ts).
    .where('g.snoozed_until', 'is', null)
    .where(inAudiences('g.audience', audiences))
    .groupBy('g.group_key')
    .select([
      sql<boolean>`bool_or(g.status = 'active')`.as('active'),
      sql<boolean>`bool_or(g.status = 'active' and g.severity in (${sql.join(URGENT_SEVERITIES)}))`.as('urgent'),
    ]);
  const groupCounts = db
    .selectFrom(groups.as('groups'))
    .select([
      sql<number>`count(*) filter (where groups.active)`.as('active'),
      sql<number>`count(*) filter (where groups.urgent)`.as('urgent'),
      sql<number>`count(*)`.as('open'),
    ]);
  return db
    .selectFrom(alone.as('alone'))
    .innerJoin(groupCounts.as('gc'), (join) => join.onTrue())
    .innerJoin(snoozedAloneItems(db, inAudiences('s.audience', audiences), URGENT_SEVERITIES).as('sz'), (join) =>
      join.onTrue(),
    )
    .select([
      sql<number>`alone.active - sz.active + gc.active`.as('active'),
      sql<number>`alone.urgent - sz.urgent + gc.urgent`.as('urgent'),
      sql<number>`alone.open - sz.open + gc.open`.as('open'),
    ]);
}
