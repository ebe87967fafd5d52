import { sql, type Kysely, type Selectable } from 'kysely';
import {
  compliancePercent,
  complianceRating,
  EXPIRING_SOON_DAYS,
  REQUIRED_TRAINING_COUNT,
  type TrainingComplianceView,
  type TrainingStatus,
  type TrainingTab,
  type TrainingView,
} from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase, type TrainingRecordsTable } from '@care/projector';
import { likePattern } from '../shared/like-pattern';
import { countOf, pageOf, type Page } from '../shared/paging';

/**
 * "Today" is the calendar date in Europe/London (docs/decisions/0019-uk-dates-times-and-money.md), taken by the
 * database at query time: the tabs and compliance depend on the date, not on events, so a certificate expiring
 * tonight is expired tomorrow without any new event.
 */
const TODAY = sql<string>`(now() at time zone 'Europe/London')::date`;

/** The training screen's tabs in SQL, the same rules as `inTrainingTab` (events/src/training/training-rules.ts). */
const TAB_RULES = {
  current: sql<boolean>`t.status = 'current'`,
  expiring: sql<boolean>`(t.expiry_date >= ${TODAY} and t.expiry_date <= ${TODAY} + ${EXPIRING_SOON_DAYS}::int)`,
  expired: sql<boolean>`(t.status = 'expired' or t.expiry_date < ${TODAY})`,
  pending: sql<boolean>`t.status = 'pending'`,
} satisfies Record<Exclude<TrainingTab, 'all'>, unknown>;

export interface TrainingListFilter {
  /** Matches the carer's name or employee ID, the training type, provider or certificate number. */
  readonly search?: string | undefined;
  readonly carerId?: string | undefined;
  /** Only records expiring between today and today + this many days, inclusive. */
  readonly expiringWithinDays?: number | undefined;
  readonly status?: TrainingStatus | undefined;
  /** One of the screen's tabs, by the rules of `inTrainingTab`. */
  readonly tab?: TrainingTab | undefined;
  /** A carer's own account: only the records of the carer linked to it. */
  readonly ownUserId?: string | undefined;
}

type Row = Selectable<TrainingRecordsTable> & { employee_id: string; first_name: string; last_name: string };

function toView(row: Row): TrainingView {
  return {
    id: row.id,
    carerId: row.carer_id,
    carer: {
      id: row.carer_id,
      employeeId: row.employee_id,
      user: { firstName: row.first_name, lastName: row.last_name },
    },
    trainingType: row.training_type,
    trainingProvider: row.training_provider,
    completedDate: row.completed_date,
    expiryDate: row.expiry_date,
    certificateNumber: row.certificate_number,
    status: row.status,
    documentUrl: row.document_url,
    notes: row.notes,
    revision: String(row.revision),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export class TrainingQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  /**
   * Training records with their carer. Records of removed carers left the lists with their carer (the inner
   * join). Soonest expiry first, so what needs renewing is on top; then by carer.
   */
  private records(ownUserId: string | undefined) {
    let query = this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('training_records as t')
      .innerJoin('carers as c', 'c.id', 't.carer_id')
      .selectAll('t')
      .select(['c.employee_id', 'c.first_name', 'c.last_name']);
    if (ownUserId !== undefined) query = query.where('c.user_id', '=', ownUserId);
    return query;
  }

  /** One page, soonest expiry first, and how many match. */
  async list(filter: TrainingListFilter, page: Page): Promise<{ rows: TrainingView[]; total: number }> {
    const query = this.filtered(filter);
    const [rows, total] = await Promise.all([
      pageOf(
        query.orderBy(sql`t.expiry_date asc nulls last`).orderBy('c.last_name').orderBy('c.first_name').orderBy('t.id'),
        page,
      ),
      countOf(query),
    ]);
    return { rows: rows.map(toView), total };
  }

  /** How many of the matching records each tab holds (the filter's own tab left out), in one scan. */
  async tabCounts(filter: TrainingListFilter): Promise<Record<TrainingTab, number>> {
    const row = await this.filtered({ ...filter, tab: undefined })
      .clearSelect()
      .select([
        sql<string>`count(*)`.as('all'),
        sql<string>`count(*) filter (where ${TAB_RULES.current})`.as('current'),
        sql<string>`count(*) filter (where ${TAB_RULES.expiring})`.as('expiring'),
        sql<string>`count(*) filter (where ${TAB_RULES.expired})`.as('expired'),
        sql<string>`count(*) filter (where ${TAB_RULES.pending})`.as('pending'),
      ])
      .executeTakeFirstOrThrow();
    return {
      all: Number(row.all),
      current: Number(row.current),
      expiring: Number(row.expiring),
      expired: Number(row.expired),
      pending: Number(row.pending),
    };
  }

  private filtered(filter: TrainingListFilter) {
    let query = this.records(filter.ownUserId);
    if (filter.tab !== undefined && filter.tab !== 'all') query = query.where(TAB_RULES[filter.tab]);
    if (filter.carerId !== undefined) query = query.where('t.carer_id', '=', filter.carerId);
    if (filter.status !== undefined) query = query.where('t.status', '=', filter.status);
    if (filter.expiringWithinDays !== undefined) {
      query = query
        .where('t.expiry_date', '>=', TODAY)
        .where('t.expiry_date', '<=', sql<string>`${TODAY} + ${filter.expiringWithinDays}::int`);
    }
    if (filter.search) {
      const pattern = likePattern(filter.search);
      query = query.where((eb) =>
        eb.or([
          eb(sql<string>`c.first_name || ' ' || c.last_name`, 'ilike', pattern),
          eb('c.employee_id', 'ilike', pattern),
          // "first aid" finds first_aid.
          eb(sql<string>`replace(t.training_type, '_', ' ')`, 'ilike', pattern),
          eb(sql<string>`t.training_type`, 'ilike', pattern),
          eb('t.training_provider', 'ilike', pattern),
          eb('t.certificate_number', 'ilike', pattern),
        ]),
      );
    }
    return query;
  }

  async byId(id: string, ownUserId?: string): Promise<TrainingView | undefined> {
    const row = await this.records(ownUserId).where('t.id', '=', id).executeTakeFirst();
    return row ? toView(row) : undefined;
  }

  /**
   * One page of the rows per carer of the compliance panel, by name, carers without a current record at 0, and how
   * many carers there are. A required type counts once, while one of its records has status current and an expiry
   * (if any) of today or later; see TrainingComplianceTable.
   */
  async compliance(
    ownUserId: string | undefined,
    page: Page,
  ): Promise<{ rows: TrainingComplianceView[]; total: number }> {
    const query = this.complianceQuery({ userIds: ownUserId === undefined ? undefined : [ownUserId] });
    const [rows, total] = await Promise.all([pageOf(query, page), countOf(query)]);
    return {
      total,
      rows: rows.map((row) => {
        const percent = compliancePercent(row.current_count);
        return {
          carerId: row.id,
          carerName: `${row.first_name} ${row.last_name}`.trim(),
          currentCount: row.current_count,
          required: REQUIRED_TRAINING_COUNT,
          compliancePercent: percent,
          rating: complianceRating(percent),
        };
      }),
    };
  }

  /** Each carer's count of required types still valid today, with the account linked to it (not yet run). */
  complianceQuery(filter: { userIds?: readonly string[] | undefined; activeOnly?: boolean | undefined }) {
    let query = this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('carers as c')
      .select((eb) => [
        'c.id',
        'c.user_id',
        'c.first_name',
        'c.last_name',
        // Distinct required types still valid today (one row per carer and type: see TrainingComplianceTable).
        eb
          .selectFrom('training_compliance as tc')
          .whereRef('tc.carer_id', '=', 'c.id')
          .where((inner) => inner.or([inner('tc.open_ended', '=', true), inner('tc.latest_expiry', '>=', TODAY)]))
          .select(sql<number>`count(*)::int`.as('count'))
          .$asScalar()
          .as('current_count'),
      ])
      .orderBy('c.last_name')
      .orderBy('c.first_name')
      .orderBy('c.id');
    if (filter.userIds !== undefined) query = query.where('c.user_id', 'in', [...filter.userIds]);
    // The dashboard's training compliance is the mean over the carers at work.
    if (filter.activeOnly) query = query.where('c.is_active', '=', true);
    return query;
  }
}
