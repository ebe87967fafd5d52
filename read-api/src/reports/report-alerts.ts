import { sql, type Kysely } from 'kysely';
import type { ReportScope } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { inAudiences } from '../alerts/alert-items';
import { AlertQueries } from '../alerts/alert-queries';
import type { Audience } from '../shared/audience';

/**
 * The alert figure of Reports & Analytics, counted as the dashboard and the bell count it: alerts nobody has
 * acknowledged, a group of alerts once however many members it has, snoozed alerts left out, only the audiences the
 * reader follows. Without a carer or region filter it is the bell's own count, so the two screens always agree.
 * With a filter it keeps the items about those carers: a group counts once if any of its unacknowledged members is
 * about one of them. The figure is about now, whatever the date range.
 */
export async function reportAlertCount(
  db: Kysely<ReadModelDatabase>,
  audience: Audience,
  scope: ReportScope,
): Promise<number> {
  if ((scope.carerId === null && scope.region === null) || audience.kind === 'own') {
    return new AlertQueries(db).activeCount(audience);
  }
  const { carerId, region } = scope;
  const row = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('alerts as a')
    .where('a.status', '=', 'active')
    // A snoozed alert is out of every count, and a snoozed member out of its group, until its snooze ends.
    .where('a.snoozed_until', 'is', null)
    .where(inAudiences('a.audience', audience.alerts))
    .$if(carerId !== null, (query) => query.where('a.carer_id', '=', carerId))
    .$if(region !== null, (query) =>
      query.where('a.carer_id', 'in', (eb) =>
        eb.selectFrom('report_carers as c').select('c.id').where('c.region', '=', region),
      ),
    )
    .select(sql<string>`count(distinct coalesce(a.group_key, a.id::text))`.as('items'))
    .executeTakeFirstOrThrow();
  return Number(row.items);
}
