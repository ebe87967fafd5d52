import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import {
  comparePositions,
  type AlertAudience,
  type AlertSeverity,
  type AlertStatus,
  type AlertView,
  type EscalationAudience,
  type Position,
} from '@care/events';
import { READ_MODEL_SCHEMA, type AlertsTable, type ReadModelDatabase } from '@care/projector';
import { STAFF, type Audience } from '../shared/audience';
import { inAudiences, staffAlertItems, URGENT_SEVERITIES } from './alert-items';
import { snoozedOwnItems } from './snoozed-alerts';
import { countOf, pageOf, type Page } from '../shared/paging';
import { fullName, peopleNamed } from '../shared/people';

export interface AlertFilter {
  /** true: open (active or acknowledged); false: resolved. */
  readonly active?: boolean | undefined;
  readonly status?: AlertStatus | undefined;
  readonly severity?: AlertSeverity | undefined;
  readonly carerId?: string | undefined;
  /** The members of one group (GET /api/alert-items lists the group as one row). */
  readonly group?: string | undefined;
  /** Only the alerts this rule raised (`emergency`: the banner on every screen). */
  readonly rule?: string | undefined;
  /** Only the alerts of this audience (among those the reader reads). */
  readonly audience?: AlertAudience | undefined;
  /** true: only the snoozed alerts; false: only those not snoozed. */
  readonly snoozed?: boolean | undefined;
}

/** The orders a list of alerts can be read in; `severity` is the default of every alert list. */
export const ALERT_SORTS = ['severity', 'newest', 'oldest'] as const;
export type AlertSort = (typeof ALERT_SORTS)[number];

/**
 * Critical 0, high 1, medium 2, low 3: the order "most severe first" reads. The text must stay exactly the same as
 * the expression of the `alerts_open_severity_newest` index (projector/src/alerts/alert-schema.ts), or PostgreSQL
 * cannot use that index for this order and sorts every open alert instead.
 */
const SEVERITY_RANK = sql<number>`(case severity when 'critical' then 0 when 'high' then 1 when 'medium' then 2 else 3 end)`;

type Scope = ReadModelDatabase & { a: AlertsTable };
type Row = Selectable<AlertsTable> & {
  carer_first_name: string | null;
  carer_last_name: string | null;
  client_first_name: string | null;
  client_last_name: string | null;
};
interface StoredSnooze {
  until: string;
  reason: string;
  at: string;
  by: string;
}
interface StoredEscalation {
  severity: AlertSeverity;
  reason: string;
  at: string;
  by: string;
  /** Absent on severity raises (and on entries folded before mailed escalations existed). */
  step?: number;
  audience?: EscalationAudience;
}

/** The carer records whose account is `userId` (the names table follows links and unlinks). */
function ownCarers(eb: ExpressionBuilder<Scope, 'a'>, userId: string) {
  return eb(
    'a.carer_id',
    'in',
    eb.selectFrom('appointment_carer_names as me').select('me.id').where('me.user_id', '=', userId),
  );
}

/** `query` in the order `sort` names (see `AlertQueries.list`). */
function sorted<O>(query: SelectQueryBuilder<Scope, 'a', O>, sort: AlertSort) {
  if (sort === 'oldest') return query.orderBy('a.created_at', 'asc').orderBy('a.id', 'asc');
  const newest = sort === 'severity' ? query.orderBy(SEVERITY_RANK) : query;
  return newest.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc');
}

export class AlertQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  /** The alerts the audience may read (alerts.readOwn: those about the carer record linked to their account). */
  private visible(audience: Audience) {
    const query = this.db.withSchema(READ_MODEL_SCHEMA).selectFrom('alerts as a');
    return audience.kind === 'staff'
      ? query.where(inAudiences('a.audience', audience.alerts))
      : query.where((eb) => ownCarers(eb, audience.userId));
  }

  private withNames(audience: Audience) {
    return this.visible(audience)
      .leftJoin('appointment_carer_names as ca', 'ca.id', 'a.carer_id')
      .leftJoin('appointment_client_names as cl', 'cl.id', 'a.client_id')
      .selectAll('a')
      .select([
        'ca.first_name as carer_first_name',
        'ca.last_name as carer_last_name',
        'cl.first_name as client_first_name',
        'cl.last_name as client_last_name',
      ]);
  }

  /**
   * One page and how many match. `severity` (the default): critical first, then high, medium and low, the newest
   * raised first within a severity (what needs attention now, and within it what is freshest, as the lists showed
   * before severity came first); `newest` and `oldest`: by when raised alone. Ties by id, so paging neither repeats
   * nor skips an alert.
   */
  async list(
    filter: AlertFilter,
    sort: AlertSort,
    audience: Audience,
    page: Page,
  ): Promise<{ rows: AlertView[]; total: number }> {
    let query = this.withNames(audience);
    if (filter.active === true) query = query.where('a.status', '<>', 'resolved');
    if (filter.active === false) query = query.where('a.status', '=', 'resolved');
    if (filter.status !== undefined) query = query.where('a.status', '=', filter.status);
    if (filter.severity !== undefined) query = query.where('a.severity', '=', filter.severity);
    if (filter.carerId !== undefined) query = query.where('a.carer_id', '=', filter.carerId);
    if (filter.group !== undefined) query = query.where('a.group_key', '=', filter.group);
    if (filter.rule !== undefined) query = query.where('a.rule', '=', filter.rule);
    if (filter.audience !== undefined) query = query.where('a.audience', '=', filter.audience);
    if (filter.snoozed !== undefined) query = query.where('a.snoozed_until', filter.snoozed ? 'is not' : 'is', null);
    const [rows, total] = await Promise.all([pageOf(sorted(query, sort), page), countOf(query)]);
    return { rows: await this.views(rows), total };
  }

  /** The alerts with these ids that the audience may read (in no particular order). */
  async byIds(ids: readonly string[], audience: Audience): Promise<AlertView[]> {
    if (ids.length === 0) return [];
    return this.views(
      await this.withNames(audience)
        .where('a.id', 'in', [...ids])
        .execute(),
    );
  }

  async byId(id: string, audience: Audience): Promise<AlertView | undefined> {
    const row = await this.withNames(audience).where('a.id', '=', id).executeTakeFirst();
    return row ? (await this.views([row]))[0] : undefined;
  }

  /**
   * The bell: items nobody has acknowledged yet that the audience reads. Staff count an alert standing alone as one
   * and a group as one (alert-items.ts); a carer counts each of their own alerts.
   */
  async activeCount(audience: Audience): Promise<number> {
    if (audience.kind === 'own') return (await this.activeCountsByUser([audience.userId])).get(audience.userId) ?? 0;
    const row = await staffAlertItems(this.db.withSchema(READ_MODEL_SCHEMA), audience.alerts).executeTakeFirstOrThrow();
    return Number(row.active);
  }

  /** Each account's bell in one grouped query (the live push: one read for every connected carer at once). */
  async activeCountsByUser(userIds: readonly string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('alert_totals as t')
      .innerJoin('appointment_carer_names as me', 'me.id', 't.carer_id')
      .where('t.status', '=', 'active')
      .where('me.user_id', 'in', [...userIds])
      .select(['me.user_id', sql<string>`sum(t.alerts)`.as('count')])
      .groupBy('me.user_id')
      .execute();
    const counts = new Map(userIds.map((id) => [id, 0]));
    for (const row of rows) if (row.user_id !== null) counts.set(row.user_id, Number(row.count));
    for (const snoozed of await snoozedOwnItems(
      this.db.withSchema(READ_MODEL_SCHEMA),
      userIds,
      URGENT_SEVERITIES,
    ).execute())
      counts.set(snoozed.owner, (counts.get(snoozed.owner) ?? 0) - Number(snoozed.active));
    return counts;
  }

  /**
   * The alerts raised after `after` (the live push's `alerts:new`), oldest first, with the account of the carer each
   * is about (who else may read it), at most `limit` of them.
   */
  async raisedAfter(
    after: Position,
    limit: number,
  ): Promise<{ view: AlertView; carerUserId: string | null; position: Position }[]> {
    const rows = await this.withNames(STAFF)
      .leftJoin('appointment_carer_names as owner', 'owner.id', 'a.carer_id')
      .select('owner.user_id as carer_user_id')
      .where(
        sql<boolean>`(a.raised_commit, a.raised_prepare) > (${after.commit.toString()}::bigint, ${after.prepare.toString()}::bigint)`,
      )
      .orderBy('a.raised_commit')
      .orderBy('a.raised_prepare')
      .limit(limit)
      .execute();
    const views = await this.views(rows);
    return rows.map((row, index) => ({
      view: views[index]!,
      carerUserId: row.carer_user_id,
      position: { commit: BigInt(row.raised_commit), prepare: BigInt(row.raised_prepare) },
    }));
  }

  /** The position of the newest alert raised (where the live push starts). */
  async lastRaised(): Promise<Position> {
    const row = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('alerts')
      .select(['raised_commit', 'raised_prepare'])
      .orderBy('raised_commit', 'desc')
      .orderBy('raised_prepare', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row
      ? { commit: BigInt(row.raised_commit), prepare: BigInt(row.raised_prepare) }
      : { commit: 0n, prepare: 0n };
  }

  private async views(rows: readonly Row[]): Promise<AlertView[]> {
    const person = await peopleNamed(
      this.db,
      rows.flatMap((row) => [
        row.assigned_to,
        row.acknowledged_by,
        row.resolved_by,
        ...(row.escalations as StoredEscalation[]).map((step) => step.by),
        row.snoozed_by,
        ...(row.snoozes as StoredSnooze[]).map((snooze) => snooze.by),
      ]),
    );
    return rows.map((row) => ({
      id: row.id,
      rule: row.rule,
      type: row.type,
      severity: row.severity,
      audience: row.audience,
      groupKey: row.group_key,
      title: row.title,
      description: row.description,
      relatedKind: row.related_kind,
      relatedId: row.related_id,
      carerId: row.carer_id,
      carerName: row.carer_id === null ? null : fullName(row.carer_first_name, row.carer_last_name),
      clientId: row.client_id,
      clientName: row.client_id === null ? null : fullName(row.client_first_name, row.client_last_name),
      appointmentId: row.appointment_id,
      assignedTo: person(row.assigned_to),
      status: row.status,
      actionRequired: row.action_required,
      dueDate: row.due_date?.toISOString() ?? null,
      acknowledgedBy: person(row.acknowledged_by),
      acknowledgedAt: row.acknowledged_at?.toISOString() ?? null,
      resolvedBy: row.resolved_by_system ? null : person(row.resolved_by),
      resolvedAt: row.resolved_at?.toISOString() ?? null,
      resolution: row.resolution,
      resolvedBySystem: row.resolved_by_system,
      escalations: (row.escalations as StoredEscalation[]).map((step) => ({
        severity: step.severity,
        reason: step.reason,
        at: step.at,
        by: person(step.by),
        step: step.step ?? null,
        audience: step.audience ?? null,
      })),
      snoozedUntil: row.snoozed_until?.toISOString() ?? null,
      snoozedBy: person(row.snoozed_by),
      snoozeReason: row.snooze_reason,
      snoozes: (row.snoozes as StoredSnooze[]).map((snooze) => ({
        until: snooze.until,
        reason: snooze.reason,
        at: snooze.at,
        by: person(snooze.by),
      })),
      taskIds: row.task_ids,
      revision: String(row.revision),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    }));
  }
}

export const laterPosition = (a: Position, b: Position): Position => (comparePositions(a, b) >= 0 ? a : b);
