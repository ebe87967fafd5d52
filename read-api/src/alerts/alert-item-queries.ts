import { sql, type Kysely, type SqlBool } from 'kysely';
import type { AlertGroupView, AlertItem, AlertSeverity } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import type { Audience } from '../shared/audience';
import type { Page } from '../shared/paging';
import { alertGroupTitle } from './alert-group-titles';
import { inAudiences } from './alert-items';
import type { AlertQueries, AlertSort } from './alert-queries';

export interface AlertItemFilter {
  /** active: items nobody has acknowledged (a group with any such member); acknowledged: the others. */
  readonly status?: 'active' | 'acknowledged' | undefined;
  readonly severity?: AlertSeverity | undefined;
}

/** Critical 0 … low 3, as every alert list orders by (alert-queries.ts). */
const RANK = sql<number>`(case a.severity when 'critical' then 0 when 'high' then 1 when 'medium' then 2 else 3 end)`;

interface ItemRow {
  kind: 'alert' | 'group';
  key: string;
}

/**
 * GET /api/alerts/items: the open alerts as people read them, an alert standing alone as one row and each group as one
 * row ("12 invoices overdue, £1,234.56 owed"), in the order `sort` names (most severe first by default; a group
 * ranks by its most severe member and dates by its newest, or its oldest for `oldest`). Staff read the audiences
 * they read; a carer reads their own alerts, one row each. Paged over the rows, so a group never splits across pages.
 */
export class AlertItemQueries {
  constructor(
    private readonly db: Kysely<ReadModelDatabase>,
    private readonly alerts: AlertQueries,
  ) {}

  async items(
    filter: AlertItemFilter,
    sort: AlertSort,
    audience: Audience,
    page: Page,
  ): Promise<{ rows: AlertItem[]; total: number }> {
    if (audience.kind === 'own') {
      const { rows, total } = await this.alerts.list({ active: true, ...filter }, sort, audience, page);
      return { rows: rows.map((alert) => ({ kind: 'alert', alert })), total };
    }
    const db = this.db.withSchema(READ_MODEL_SCHEMA);
    const open = db
      .selectFrom('alerts as a')
      .where('a.status', '<>', 'resolved')
      .where(inAudiences('a.audience', audience.alerts))
      .$if(filter.severity !== undefined, (query) => query.where('a.severity', '=', filter.severity!));
    const alone = open
      .where('a.group_key', 'is', null)
      .$if(filter.status !== undefined, (query) => query.where('a.status', '=', filter.status!))
      .select([
        sql<'alert' | 'group'>`'alert'`.as('kind'),
        sql<string>`a.id::text`.as('key'),
        RANK.as('rank'),
        sql<Date>`a.created_at`.as('newest'),
        sql<Date>`a.created_at`.as('oldest'),
      ]);
    const groups = open
      .where('a.group_key', 'is not', null)
      .groupBy('a.group_key')
      .$if(filter.status === 'active', (query) => query.having(sql<SqlBool>`bool_or(a.status = 'active')`))
      .$if(filter.status === 'acknowledged', (query) => query.having(sql<SqlBool>`bool_and(a.status = 'acknowledged')`))
      .select([
        sql<'alert' | 'group'>`'group'`.as('kind'),
        sql<string>`a.group_key`.as('key'),
        sql<number>`min${RANK}`.as('rank'),
        sql<Date>`max(a.created_at)`.as('newest'),
        sql<Date>`min(a.created_at)`.as('oldest'),
      ]);
    const items = db.selectFrom(alone.unionAll(groups).as('i'));
    const ordered =
      sort === 'oldest'
        ? items.orderBy('i.oldest', 'asc').orderBy('i.key', 'asc')
        : (sort === 'severity' ? items.orderBy('i.rank', 'asc') : items)
            .orderBy('i.newest', 'desc')
            .orderBy('i.key', 'desc');
    // The count rides on the page's rows (a window over every item, taken before the page is cut), so the open
    // alerts are read once a page rather than once for the rows and again for the count.
    const rows = await ordered
      .select(['i.kind', 'i.key', sql<string>`count(*) over ()`.as('total')])
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    // A page past the last row has no row to carry the count: it is counted on its own.
    const total = rows[0]
      ? Number(rows[0].total)
      : page.offset === 0
        ? 0
        : Number((await items.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()).total);
    return { rows: await this.viewsOf(rows, audience), total };
  }

  /** The rows' views: the alerts' in one read, the groups' figures in another. */
  private async viewsOf(rows: readonly ItemRow[], audience: Audience): Promise<AlertItem[]> {
    const alertIds = rows.filter((row) => row.kind === 'alert').map((row) => row.key);
    const groupKeys = rows.filter((row) => row.kind === 'group').map((row) => row.key);
    const [alerts, groups] = await Promise.all([
      this.alerts.byIds(alertIds, audience),
      this.groups(groupKeys, audience),
    ]);
    const alertById = new Map(alerts.map((alert) => [alert.id, alert]));
    const groupByKey = new Map(groups.map((group) => [group.key, group]));
    return rows.flatMap((row): AlertItem[] => {
      if (row.kind === 'alert') {
        const alert = alertById.get(row.key);
        return alert ? [{ kind: 'alert', alert }] : [];
      }
      const group = groupByKey.get(row.key);
      return group ? [{ kind: 'group', group }] : [];
    });
  }

  /** The open groups with these keys, with their figures as the members stand now. */
  async groups(keys: readonly string[], audience: Audience): Promise<AlertGroupView[]> {
    if (keys.length === 0 || audience.kind !== 'staff') return [];
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('alerts as a')
      // An invoice's alert names the invoice: what is still owed on it now is the group's figure.
      .leftJoin('finance_invoices as i', (join) =>
        join.on(sql<SqlBool>`a.rule = 'invoice-overdue' and i.id::text = a.related_id`),
      )
      .where('a.status', '<>', 'resolved')
      .where('a.group_key', 'in', [...keys])
      .where(inAudiences('a.audience', audience.alerts))
      .groupBy(['a.group_key', 'a.rule', 'a.audience'])
      .select([
        sql<string>`a.group_key`.as('key'),
        'a.rule',
        'a.audience',
        sql<number>`min${RANK}`.as('rank'),
        sql<string>`count(*)`.as('members'),
        sql<string>`count(*) filter (where a.status = 'active')`.as('unacknowledged'),
        sql<string | null>`sum(greatest(i.total_pence - i.paid_pence - i.credited_pence, 0))`.as('owed'),
        sql<Date>`max(a.created_at)`.as('newest'),
        sql<Date>`min(a.created_at)`.as('oldest'),
      ])
      .execute();
    const severities = ['critical', 'high', 'medium', 'low'] as const;
    return rows.map((row) => {
      const members = Number(row.members);
      const unacknowledged = Number(row.unacknowledged);
      return {
        key: row.key,
        rule: row.rule,
        audience: row.audience,
        severity: severities[Number(row.rank)] ?? 'low',
        title: alertGroupTitle({
          key: row.key,
          rule: row.rule,
          members,
          owedPence: row.owed === null ? null : Number(row.owed),
        }),
        members,
        unacknowledged,
        status: unacknowledged > 0 ? 'active' : 'acknowledged',
        newestAt: row.newest.toISOString(),
        oldestAt: row.oldest.toISOString(),
      };
    });
  }
}
