import type { Kysely, Selectable } from 'kysely';
import {
  carePlanEventDefinitions,
  carePlanTemplateEventDefinitions,
  definedOnly,
  type CarePlanTemplateEvent,
  type RecordedEvent,
} from '@care/events';
import type { Projection } from '../projection';
import type { ReadModelDatabase } from '../read-model/database';
import { excludedColumns, iso, UPSERT_CHUNK } from '../shared/fold-batch';
import { evolvePlan, isHighRisk, qualityMet, type CarePlanRecorded, type PlanRecord } from './care-plan-record';
import { carePlanSchema } from './care-plan-schema';
import type { CarePlansTable, CarePlanTemplatesTable } from './care-plan-tables';

const PLAN_EVENTS = new Set<string>(carePlanEventDefinitions.map((definition) => definition.type));
const TEMPLATE_EVENTS = new Set<string>(carePlanTemplateEventDefinitions.map((definition) => definition.type));
const PLAN_COLUMNS = [
  'client_id',
  'template_id',
  'status',
  'title',
  'content',
  'version',
  'agreement',
  'review_date',
  'high_risk',
  'quality_met',
  'created_by',
  'created_at',
  'updated_at',
  'revision',
] as const satisfies readonly Exclude<keyof CarePlansTable, 'id'>[];
const TEMPLATE_COLUMNS = ['name', 'kind', 'content', 'updated_by', 'updated_at', 'revision'] as const;

const recordOf = (row: Selectable<CarePlansTable>): PlanRecord => ({
  id: row.id,
  clientId: row.client_id,
  templateId: row.template_id,
  status: row.status,
  content: row.content,
  version: row.version,
  agreement: row.agreement,
  reviewDate: row.review_date,
  createdBy: row.created_by,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
  revision: BigInt(row.revision),
});

const rowOf = (plan: PlanRecord) => ({
  id: plan.id,
  client_id: plan.clientId,
  template_id: plan.templateId,
  status: plan.status,
  title: plan.content.title,
  content: JSON.stringify(plan.content),
  version: plan.version,
  agreement: plan.agreement ? JSON.stringify(plan.agreement) : null,
  review_date: plan.reviewDate,
  high_risk: isHighRisk(plan.content),
  quality_met: qualityMet(plan),
  created_by: plan.createdBy,
  created_at: plan.createdAt,
  updated_at: plan.updatedAt,
  revision: plan.revision,
});

/**
 * Care plans (GET /api/care-plans and /:id): each plan as it stands, every version's whole content (so any two
 * compare field by field), agreements, reviews and a history line per event; and the templates.
 */
export const carePlansProjection: Projection = {
  name: 'care_plans',
  version: 1,
  tables: ['care_plans', 'care_plan_versions', 'care_plan_reviews', 'care_plan_history', 'care_plan_templates'],
  schema: carePlanSchema,
  handles: (type) => PLAN_EVENTS.has(type) || TEMPLATE_EVENTS.has(type),
  async apply(db, events) {
    const planEvents = events.filter((event): event is CarePlanRecorded => PLAN_EVENTS.has(event.type));
    const templateEvents = events.filter((event) =>
      TEMPLATE_EVENTS.has(event.type),
    ) as RecordedEvent<CarePlanTemplateEvent>[];
    if (planEvents.length > 0) await applyPlans(db, planEvents);
    if (templateEvents.length > 0) await applyTemplates(db, templateEvents);
  },
};

async function applyPlans(db: Kysely<ReadModelDatabase>, events: readonly CarePlanRecorded[]): Promise<void> {
  const created = new Set(events.filter((event) => event.type === 'CarePlanCreated').map((event) => event.data.id));
  const toLoad = [...new Set(events.map((event) => event.data.id))].filter((id) => !created.has(id));
  const plans = new Map<string, PlanRecord>();
  for (let start = 0; start < toLoad.length; start += UPSERT_CHUNK) {
    const rows = await db
      .selectFrom('care_plans')
      .selectAll()
      .where('id', 'in', toLoad.slice(start, start + UPSERT_CHUNK))
      .execute();
    for (const row of rows) plans.set(row.id, recordOf(row));
  }
  const versions: {
    plan_id: string;
    version: number;
    content: string;
    changed_fields: string;
    reason: string;
    by_user: string;
    at: string;
    agreement: string | null;
  }[] = [];
  const agreementsOfEarlierVersions: { planId: string; version: number; agreement: string }[] = [];
  const reviews: Record<string, unknown>[] = [];
  const history: { plan_id: string; revision: bigint; summary: string; by_user: string; at: string }[] = [];
  const touched = new Set<string>();
  for (const event of events) {
    const folded = evolvePlan(plans.get(event.data.id), event);
    if (!folded) continue;
    const { plan, effects } = folded;
    plans.set(plan.id, plan);
    touched.add(plan.id);
    const by = event.metadata.userId;
    const at = event.metadata.occurredAt;
    if (effects.version) {
      const { version, content, changedFields, reason } = effects.version;
      versions.push({
        plan_id: plan.id,
        version,
        content: JSON.stringify(content),
        changed_fields: JSON.stringify(changedFields),
        reason,
        by_user: by,
        at,
        agreement: null,
      });
    }
    if (effects.agreement) {
      const inBatch = versions.find((row) => row.plan_id === plan.id && row.version === effects.agreement!.version);
      if (inBatch) inBatch.agreement = JSON.stringify(effects.agreement);
      else
        agreementsOfEarlierVersions.push({
          planId: plan.id,
          version: effects.agreement.version,
          agreement: JSON.stringify(effects.agreement),
        });
    }
    if (effects.review) {
      const { reviewedOn, outcome, version, notes, nextReviewDate } = effects.review;
      reviews.push({
        plan_id: plan.id,
        revision: event.revision,
        reviewed_on: reviewedOn,
        outcome,
        version,
        notes,
        next_review_date: nextReviewDate,
        by_user: by,
        at,
      });
    }
    history.push({ plan_id: plan.id, revision: event.revision, summary: effects.summary, by_user: by, at });
  }
  const rows = [...touched].map((id) => rowOf(plans.get(id)!));
  for (let start = 0; start < rows.length; start += UPSERT_CHUNK) {
    await db
      .insertInto('care_plans')
      .values(rows.slice(start, start + UPSERT_CHUNK))
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => excludedColumns(eb, PLAN_COLUMNS)))
      .execute();
  }
  for (let start = 0; start < versions.length; start += UPSERT_CHUNK) {
    await db
      .insertInto('care_plan_versions')
      .values(versions.slice(start, start + UPSERT_CHUNK))
      .execute();
  }
  for (const { planId, version, agreement } of agreementsOfEarlierVersions) {
    await db
      .updateTable('care_plan_versions')
      .set({ agreement })
      .where('plan_id', '=', planId)
      .where('version', '=', version)
      .execute();
  }
  for (let start = 0; start < reviews.length; start += UPSERT_CHUNK) {
    await db
      .insertInto('care_plan_reviews')
      .values(reviews.slice(start, start + UPSERT_CHUNK) as never)
      .execute();
  }
  for (let start = 0; start < history.length; start += UPSERT_CHUNK) {
    await db
      .insertInto('care_plan_history')
      .values(history.slice(start, start + UPSERT_CHUNK))
      .execute();
  }
}

type TemplateRow = {
  id: string;
  name: string;
  kind: Selectable<CarePlanTemplatesTable>['kind'];
  content: Selectable<CarePlanTemplatesTable>['content'];
  updated_by: string;
  created_at: string;
  updated_at: string;
  revision: bigint;
};

async function applyTemplates(
  db: Kysely<ReadModelDatabase>,
  events: readonly RecordedEvent<CarePlanTemplateEvent>[],
): Promise<void> {
  const ids = [...new Set(events.map((event) => event.data.id))];
  const templates = new Map<string, TemplateRow>();
  const existing = await db.selectFrom('care_plan_templates').selectAll().where('id', 'in', ids).execute();
  for (const row of existing) {
    templates.set(row.id, {
      ...row,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      revision: BigInt(row.revision),
    });
  }
  for (const event of events) {
    const at = event.metadata.occurredAt;
    const stamp = { updated_by: event.metadata.userId, updated_at: at, revision: event.revision };
    if (event.type === 'CarePlanTemplateCreated') {
      const { id, name, kind, content } = event.data;
      templates.set(id, { id, name, kind, content, created_at: at, ...stamp });
      continue;
    }
    const current = templates.get(event.data.id);
    if (!current) continue;
    templates.set(current.id, {
      ...current,
      name: event.data.name ?? current.name,
      kind: event.data.kind ?? current.kind,
      content: { ...current.content, ...definedOnly(event.data.content) },
      ...stamp,
    });
  }
  const rows = [...templates.values()].map((row) => ({ ...row, content: JSON.stringify(row.content) }));
  await db
    .insertInto('care_plan_templates')
    .values(rows)
    .onConflict((oc) => oc.column('id').doUpdateSet((eb) => excludedColumns(eb, TEMPLATE_COLUMNS)))
    .execute();
}
