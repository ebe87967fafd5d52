import { sql, type Kysely, type Selectable } from 'kysely';
import {
  addDays,
  CARE_PLAN_REVIEW_DUE_DAYS,
  diffCarePlans,
  isHighRisk,
  londonToday,
  planQuality,
  QUALITY_CHECKS,
  type CarePlanAgreementView,
  type CarePlanDetailView,
  type CarePlanDiffView,
  type CarePlanStats,
  type CarePlanStatus,
  type CarePlanTemplateView,
  type CarePlanView,
} from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import type { CarerWork, ReadScope } from '../shared/carer-work';
import { likePattern } from '../shared/like-pattern';
import { countOf, pageOf, type Page } from '../shared/paging';
import { fullName } from '../shared/people';
import { medicationsOfClients } from './care-plan-medications';

/** The screen's tabs: plans in use (active or under review), active only, due within 30 days (or overdue), overdue, high risk. */
export const CARE_PLAN_VIEWS = ['all', 'in_use', 'active', 'due', 'overdue', 'high_risk'] as const;
export type CarePlanListView = (typeof CARE_PLAN_VIEWS)[number];
export const CARE_PLAN_SORTS = ['review', 'quality', 'updated', 'client'] as const;
export type CarePlanSort = (typeof CARE_PLAN_SORTS)[number];

export interface CarePlanFilter {
  readonly search?: string | undefined;
  readonly status?: CarePlanStatus | undefined;
  readonly view?: CarePlanListView | undefined;
  readonly clientId?: string | undefined;
  readonly sort?: CarePlanSort | undefined;
}

type AgreementRow = NonNullable<Selectable<ReadModelDatabase['care_plans']>['agreement']>;
const IN_USE = ['active', 'under_review'] as const;

/** The score of `quality_met` (the checks that do not depend on the day) and the review date on `today`. */
const scoreSql = (today: string) =>
  sql<number>`round(100.0 * (p.quality_met + case when p.review_date >= ${today}::date then 1 else 0 end) / ${QUALITY_CHECKS.length})::int`;

export class CarePlanQueries {
  constructor(
    private readonly db: Kysely<ReadModelDatabase>,
    private readonly work: CarerWork,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private today(): string {
    return londonToday(this.clock());
  }

  /** What the reader may see: everything, or (a carer) the plans in use of the clients on their visits. */
  private visible(scope: ReadScope, today: string) {
    let query = this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('care_plans as p')
      .leftJoin('appointment_client_names as c', 'c.id', 'p.client_id')
      .leftJoin('care_plan_templates as t', 't.id', 'p.template_id')
      .selectAll('p')
      .select([
        'c.first_name as client_first_name',
        'c.last_name as client_last_name',
        't.name as template_name',
        scoreSql(today).as('score'),
      ]);
    if (scope.kind === 'carer')
      query = query.where('p.status', 'in', IN_USE).where(this.work.client(scope, 'p.client_id'));
    return query;
  }

  async list(filter: CarePlanFilter, scope: ReadScope, page: Page): Promise<{ rows: CarePlanView[]; total: number }> {
    const today = this.today();
    const dueBy = addDays(today, CARE_PLAN_REVIEW_DUE_DAYS);
    let query = this.visible(scope, today);
    if (filter.search) {
      const pattern = likePattern(filter.search);
      query = query.where((eb) =>
        eb.or([
          eb('p.title', 'ilike', pattern),
          eb(sql<string>`coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')`, 'ilike', pattern),
        ]),
      );
    }
    if (filter.status) query = query.where('p.status', '=', filter.status);
    if (filter.clientId) query = query.where('p.client_id', '=', filter.clientId);
    switch (filter.view ?? 'all') {
      case 'all':
        break;
      case 'in_use':
        query = query.where('p.status', 'in', IN_USE);
        break;
      case 'active':
        query = query.where('p.status', '=', 'active');
        break;
      case 'due':
        query = query.where('p.status', 'in', IN_USE).where('p.review_date', '<=', dueBy);
        break;
      case 'overdue':
        query = query.where('p.status', 'in', IN_USE).where('p.review_date', '<', today);
        break;
      case 'high_risk':
        query = query.where('p.status', 'in', IN_USE).where('p.high_risk', '=', true);
        break;
    }
    const ordered = (() => {
      switch (filter.sort ?? 'review') {
        case 'review':
          return query.orderBy('p.review_date').orderBy('p.id');
        case 'quality':
          return query.orderBy(scoreSql(today)).orderBy('p.review_date').orderBy('p.id');
        case 'updated':
          return query.orderBy('p.updated_at', 'desc').orderBy('p.id');
        case 'client':
          return query.orderBy('c.last_name').orderBy('c.first_name').orderBy('p.id');
      }
    })();
    const [rows, total] = await Promise.all([pageOf(ordered, page), countOf(query)]);
    return { rows: await this.views(rows, today), total };
  }

  /** The cards: plans in use, due within 30 days (overdue included), overdue, clients at high risk, mean quality. */
  async stats(scope: ReadScope): Promise<CarePlanStats> {
    const today = this.today();
    const row = await this.visible(scope, today)
      .clearSelect()
      .where('p.status', 'in', IN_USE)
      .select([
        sql<string>`count(*) filter (where p.status = 'active')`.as('active'),
        sql<string>`count(*) filter (where p.review_date <= ${addDays(today, CARE_PLAN_REVIEW_DUE_DAYS)}::date)`.as(
          'due',
        ),
        sql<string>`count(*) filter (where p.review_date < ${today}::date)`.as('overdue'),
        sql<string>`count(distinct p.client_id) filter (where p.high_risk)`.as('high_risk'),
        sql<string | null>`round(avg(${scoreSql(today)}))`.as('avg_quality'),
      ])
      .executeTakeFirstOrThrow();
    return {
      active: Number(row.active),
      dueForReview: Number(row.due),
      overdue: Number(row.overdue),
      highRiskClients: Number(row.high_risk),
      avgQuality: row.avg_quality === null ? null : Number(row.avg_quality),
    };
  }

  async byId(id: string, scope: ReadScope): Promise<CarePlanDetailView | undefined> {
    const today = this.today();
    const row = await this.visible(scope, today).where('p.id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const [view] = await this.views([row], today);
    const schema = this.db.withSchema(READ_MODEL_SCHEMA);
    const [versions, reviews, history] = await Promise.all([
      schema
        .selectFrom('care_plan_versions')
        .selectAll()
        .where('plan_id', '=', id)
        .orderBy('version', 'desc')
        .execute(),
      schema
        .selectFrom('care_plan_reviews')
        .selectAll()
        .where('plan_id', '=', id)
        .orderBy('revision', 'desc')
        .execute(),
      schema
        .selectFrom('care_plan_history')
        .selectAll()
        .where('plan_id', '=', id)
        .orderBy('revision', 'desc')
        .execute(),
    ]);
    const name = await this.names([
      ...versions.map((v) => v.by_user),
      ...reviews.map((r) => r.by_user),
      ...history.map((h) => h.by_user),
    ]);
    return {
      ...view!,
      versions: versions.map((version) => ({
        version: version.version,
        content: version.content,
        changedFields: version.changed_fields,
        reason: version.reason,
        byName: name(version.by_user),
        at: version.at.toISOString(),
        agreement: agreementView(version.agreement, name),
      })),
      reviews: reviews.map((review) => ({
        reviewedOn: review.reviewed_on,
        outcome: review.outcome,
        version: review.version,
        notes: review.notes,
        nextReviewDate: review.next_review_date,
        byName: name(review.by_user),
        at: review.at.toISOString(),
      })),
      history: history.map((line) => ({
        at: line.at.toISOString(),
        byName: name(line.by_user),
        summary: line.summary,
      })),
    };
  }

  /** Field by field, what changed from version `from` to version `to`; undefined when the plan or a version is unknown. */
  async diff(id: string, from: number, to: number, scope: ReadScope): Promise<CarePlanDiffView | undefined> {
    const visible = await this.visible(scope, this.today())
      .clearSelect()
      .select('p.id')
      .where('p.id', '=', id)
      .executeTakeFirst();
    if (!visible) return undefined;
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('care_plan_versions')
      .select(['version', 'content'])
      .where('plan_id', '=', id)
      .where('version', 'in', [from, to])
      .execute();
    const before = rows.find((row) => row.version === from);
    const after = rows.find((row) => row.version === to);
    if (!before || !after) return undefined;
    return { from, to, changes: diffCarePlans(before.content, after.content) };
  }

  async templates(): Promise<CarePlanTemplateView[]> {
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('care_plan_templates')
      .selectAll()
      .orderBy('name')
      .orderBy('id')
      .execute();
    const name = await this.names(rows.map((row) => row.updated_by));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      ...row.content,
      updatedByName: name(row.updated_by),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      revision: String(row.revision),
    }));
  }

  private async names(ids: readonly string[]): Promise<(id: string) => string | null> {
    const wanted = [...new Set(ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)))];
    const rows =
      wanted.length === 0
        ? []
        : await this.db
            .withSchema(READ_MODEL_SCHEMA)
            .selectFrom('users')
            .select(['id', 'first_name', 'last_name'])
            .where('id', 'in', wanted)
            .execute();
    const byId = new Map(rows.map((row) => [row.id, fullName(row.first_name, row.last_name)]));
    return (id) => byId.get(id) ?? null;
  }

  private async views(
    rows: Awaited<ReturnType<ReturnType<CarePlanQueries['visible']>['execute']>>,
    today: string,
  ): Promise<CarePlanView[]> {
    const [name, medications] = await Promise.all([
      this.names(rows.flatMap((row) => [row.created_by, row.agreement?.byUser ?? ''])),
      medicationsOfClients(this.db, [...new Set(rows.map((row) => row.client_id))]),
    ]);
    return rows.map((row) => {
      const content = row.content;
      const agreement = agreementView(row.agreement, name);
      return {
        ...content,
        id: row.id,
        clientId: row.client_id,
        clientName: fullName(row.client_first_name, row.client_last_name) ?? 'Unknown client',
        medications: medications.get(row.client_id) ?? [],
        reviewDate: row.review_date,
        reviewInDays: daysBetween(today, row.review_date),
        status: row.status,
        createdByName: name(row.created_by),
        lastUpdated: row.updated_at.toISOString(),
        createdAt: row.created_at.toISOString(),
        version: row.version,
        agreement,
        agreed: agreement !== null && agreement.version === row.version,
        highRisk: isHighRisk(content),
        quality: planQuality(
          { content, version: row.version, agreedVersion: row.agreement?.version ?? null, reviewDate: row.review_date },
          today,
        ),
        templateId: row.template_id,
        templateName: row.template_name,
        revision: String(row.revision),
      };
    });
  }
}

function agreementView(
  agreement: AgreementRow | null,
  name: (id: string) => string | null,
): CarePlanAgreementView | null {
  if (!agreement) return null;
  const { byUser, at, ...rest } = agreement;
  return { ...rest, recordedByName: name(byUser), recordedAt: new Date(at).toISOString() };
}

/** Whole days from `from` to `to` (YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
