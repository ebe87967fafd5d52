import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  carePlanStreamId,
  carePlanTemplateStreamId,
  definitionOf,
  type CarePlanContent,
  type CarePlanEvent,
  type CarePlanTemplateEvent,
  type NewEvent,
} from '@care/events';
import { PostgresEventStore, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { readModelChecksums } from '../../testing/read-model-checksum';
import { silentLog } from '../../testing/silent-log';
import { startProjector, type RunningProjector } from '../projector';
import { createReadModelDb } from '../read-model/connect';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';
import { replayInto } from '../rebuild';
import { carePlansProjection } from './care-plan-projection';

/**
 * The care-plan projection fed by a live projector two events at a time (an agreement then lands on a version row
 * written by an earlier batch), then rebuilt from zero in one go (the same agreement lands within its batch): both
 * read models must be equal row for row (docs/decisions/0013-projections-look-after-themselves.md).
 */
let database: TestDatabase;
let pool: pg.Pool;
let db: Kysely<ReadModelDatabase>;
let store: PostgresEventStore;
let projector: RunningProjector;
const coordinator = randomUUID();
const planId = randomUUID();
const clientId = randomUUID();
const templateId = randomUUID();

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'care_plan_projection');
  pool = createPool(database.url, { max: 6, log: silentLog });
  db = createReadModelDb(pool);
  store = await PostgresEventStore.connect(pool);
  projector = await startProjector({
    store,
    pool,
    db,
    log: silentLog,
    batchSize: 2,
    projections: [carePlansProjection],
  });
  await projector.settled();
});

afterAll(async () => {
  await projector?.stop();
  await db?.destroy();
  await database?.drop();
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 9, minute)).toISOString();
let minute = 0;

async function append(streamId: string, events: readonly (CarePlanEvent | CarePlanTemplateEvent)[]): Promise<void> {
  const existing = await store.readStream(streamId);
  const stamped: NewEvent[] = events.map((event) => ({
    eventId: randomUUID(),
    type: event.type,
    schemaVersion: definitionOf(event.type).schemaVersion,
    data: event.data,
    metadata: { userId: coordinator, occurredAt: at(minute++), correlationId: randomUUID(), causationId: randomUUID() },
  }));
  await store.append(streamId, stamped, existing.length === 0 ? 'no_stream' : existing.at(-1)!.revision);
}

const content: CarePlanContent = {
  title: 'Personal care plan',
  description: 'Morning support',
  objectives: ['Stay at home'],
  interventions: ['Strip wash'],
  goals: ['Dress alone'],
  riskAssessment: [{ area: 'falls', level: 'medium', notes: null }],
  allergies: [],
  medicalConditions: [],
  emergencyContacts: [{ name: 'Paul Green', phone: '07700 900123', relationship: 'Son' }],
  visitTasks: [{ visitType: 'personal_care', tasks: ['Wash'] }],
};
const consent = {
  agreedBy: 'Edith Green',
  relationship: 'Client',
  method: 'in_person',
  agreedOn: '2026-11-02',
} as const;

describe('the care plans projection', () => {
  it('keeps each version whole with its agreement, the reviews and the history; a rebuild equals it', async () => {
    await append(carePlanTemplateStreamId(templateId), [
      {
        type: 'CarePlanTemplateCreated',
        data: { id: templateId, name: 'Personal care', kind: 'personal_care', content: { ...content, visitTasks: [] } },
      },
      {
        type: 'CarePlanTemplateChanged',
        data: { id: templateId, name: 'Personal care (2026)', content: { goals: [] } },
      },
    ]);
    const stream = carePlanStreamId(planId);
    await append(stream, [
      {
        type: 'CarePlanCreated',
        data: { id: planId, clientId, templateId, content, reviewDate: '2026-12-01', reason: 'First version' },
      },
    ]);
    await append(stream, [{ type: 'CarePlanAgreed', data: { id: planId, clientId, version: 1, ...consent } }]);
    await append(stream, [
      {
        type: 'CarePlanUpdated',
        data: {
          id: planId,
          clientId,
          version: 2,
          changes: { riskAssessment: [{ area: 'falls', level: 'high', notes: 'A fall' }] },
          reason: 'Fell',
        },
      },
    ]);
    await append(stream, [{ type: 'CarePlanAgreed', data: { id: planId, clientId, version: 2, ...consent } }]);
    await append(stream, [
      {
        type: 'CarePlanReviewRecorded',
        data: {
          id: planId,
          clientId,
          reviewedOn: '2026-11-02',
          outcome: 'updated',
          version: 2,
          notes: null,
          nextReviewDate: '2027-05-01',
        },
      },
      {
        type: 'CarePlanStatusChanged',
        data: { id: planId, clientId, status: 'under_review', reason: 'Hospital stay' },
      },
    ]);

    const live = () => db.withSchema(READ_MODEL_SCHEMA);
    await expect
      .poll(
        async () =>
          (await live().selectFrom('care_plan_history').select('summary').where('plan_id', '=', planId).execute())
            .length,
      )
      .toBe(6);
    const plan = await live().selectFrom('care_plans').selectAll().where('id', '=', planId).executeTakeFirstOrThrow();
    expect(plan).toMatchObject({
      status: 'under_review',
      version: 2,
      review_date: '2027-05-01',
      high_risk: true,
      title: 'Personal care plan',
    });
    expect(plan.agreement).toMatchObject({ version: 2, agreedBy: 'Edith Green' });
    const versions = await live()
      .selectFrom('care_plan_versions')
      .selectAll()
      .where('plan_id', '=', planId)
      .orderBy('version')
      .execute();
    expect(
      versions.map((row) => [
        row.version,
        row.changed_fields,
        row.agreement?.version ?? null,
        row.content.riskAssessment[0]!.level,
      ]),
    ).toEqual([
      [1, expect.arrayContaining(['title', 'riskAssessment']), 1, 'medium'],
      [2, ['riskAssessment'], 2, 'high'],
    ]);
    const template = await live().selectFrom('care_plan_templates').selectAll().executeTakeFirstOrThrow();
    expect([template.name, template.content.goals, template.content.title]).toEqual([
      'Personal care (2026)',
      [],
      'Personal care plan',
    ]);

    await replayInto(store, db, 'verify_care_plans_rebuild', [carePlansProjection]);
    const liveSums = await readModelChecksums(db, READ_MODEL_SCHEMA, [carePlansProjection]);
    expect(liveSums.care_plan_versions?.startsWith('2:')).toBe(true);
    expect(liveSums).toEqual(await readModelChecksums(db, 'verify_care_plans_rebuild', [carePlansProjection]));
  }, 60_000);
});
