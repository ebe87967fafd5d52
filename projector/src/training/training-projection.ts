import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { REQUIRED_TRAINING_TYPES, type RecordedEvent, type TrainingDetails } from '@care/events';
import type { ReadModelDatabase } from '../read-model/database';
import type { Projection } from '../projection';
import { trainingSchema } from './training-schema';
import type { TrainingRecordsTable } from './training-tables';

type TrainingRecorded = Extract<
  RecordedEvent,
  { type: 'TrainingRecorded' | 'TrainingRecordUpdated' | 'TrainingRenewed' | 'TrainingRecordRemoved' }
>;
type Recorded = Extract<TrainingRecorded, { type: 'TrainingRecorded' }>;

const TRAINING_EVENTS = new Set([
  'TrainingRecorded',
  'TrainingRecordUpdated',
  'TrainingRenewed',
  'TrainingRecordRemoved',
]);
/** Rows per INSERT: 13 columns each stays far below PostgreSQL's 65,535 parameter limit. */
const INSERT_CHUNK = 1000;

const COLUMN_OF: { [K in keyof TrainingDetails]-?: keyof TrainingRecordsTable } = {
  carerId: 'carer_id',
  trainingType: 'training_type',
  trainingProvider: 'training_provider',
  completedDate: 'completed_date',
  expiryDate: 'expiry_date',
  certificateNumber: 'certificate_number',
  status: 'status',
  documentUrl: 'document_url',
  notes: 'notes',
};

function columnValues(details: Partial<TrainingDetails>): Updateable<TrainingRecordsTable> {
  const row: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(details)) {
    if (value !== undefined) row[COLUMN_OF[field as keyof TrainingDetails]] = value;
  }
  return row as Updateable<TrainingRecordsTable>;
}

function recordedRow(event: Recorded): Insertable<TrainingRecordsTable> {
  const { id, ...details } = event.data;
  return {
    ...(columnValues(details) as Insertable<TrainingRecordsTable>),
    id,
    revision: event.revision,
    created_at: event.metadata.occurredAt,
    updated_at: event.metadata.occurredAt,
  };
}

/**
 * The training list (GET /api/training) and per-carer compliance (GET /api/training/compliance). Consecutive
 * recordings go in one multi-row INSERT (a rebuild's catch-up is mostly recordings); every carer whose records
 * changed in the batch gets its compliance row recomputed from the records, once, at the end of the batch.
 */
export const trainingProjection: Projection = {
  name: 'training',
  // 2: the paged list's indexes. 3: compliance per required training type (distinct types, "other" and mental health left out).
  version: 3,
  tables: ['training_records', 'training_compliance'],
  schema: trainingSchema,
  handles: (type) => TRAINING_EVENTS.has(type),
  async apply(db, events) {
    const touchedCarers = new Set<string>();
    let pending: Insertable<TrainingRecordsTable>[] = [];
    const flush = async () => {
      for (let start = 0; start < pending.length; start += INSERT_CHUNK) {
        await db
          .insertInto('training_records')
          .values(pending.slice(start, start + INSERT_CHUNK))
          .execute();
      }
      pending = [];
    };
    for (const event of events as TrainingRecorded[]) {
      if (event.type === 'TrainingRecorded') {
        pending.push(recordedRow(event));
        touchedCarers.add(event.data.carerId);
        continue;
      }
      await flush();
      for (const carerId of await applyChange(db, event)) touchedCarers.add(carerId);
    }
    await flush();
    await recomputeCompliance(db, [...touchedCarers]);
  },
};

/** Applies one change to a record and returns the carers whose compliance it may move (old and new carer). */
async function applyChange(
  db: Kysely<ReadModelDatabase>,
  event: Exclude<TrainingRecorded, Recorded>,
): Promise<string[]> {
  const stamp = { revision: event.revision, updated_at: event.metadata.occurredAt };
  const id = event.data.id;
  const carerOf = async () =>
    (await db.selectFrom('training_records').select('carer_id').where('id', '=', id).executeTakeFirst())?.carer_id;
  const update = (values: Updateable<TrainingRecordsTable>) =>
    db
      .updateTable('training_records')
      .set({ ...values, ...stamp })
      .where('id', '=', id)
      .returning('carer_id')
      .executeTakeFirst();
  switch (event.type) {
    case 'TrainingRecordUpdated': {
      const before = event.data.changes.carerId !== undefined ? await carerOf() : undefined;
      const after = await update(columnValues(event.data.changes));
      return [before, after?.carer_id].filter((carerId): carerId is string => carerId !== undefined);
    }
    case 'TrainingRenewed': {
      const { completedDate, expiryDate, certificateNumber } = event.data;
      const after = await update(columnValues({ completedDate, expiryDate, certificateNumber, status: 'current' }));
      return after ? [after.carer_id] : [];
    }
    case 'TrainingRecordRemoved': {
      const removed = await db
        .deleteFrom('training_records')
        .where('id', '=', id)
        .returning('carer_id')
        .executeTakeFirst();
      return removed ? [removed.carer_id] : [];
    }
  }
}

/** Rebuilds the compliance rows of these carers from their records (see TrainingComplianceTable for the shape). */
async function recomputeCompliance(db: Kysely<ReadModelDatabase>, carerIds: readonly string[]): Promise<void> {
  for (let start = 0; start < carerIds.length; start += INSERT_CHUNK) {
    const chunk = carerIds.slice(start, start + INSERT_CHUNK);
    await db.deleteFrom('training_compliance').where('carer_id', 'in', chunk).execute();
    await db
      .insertInto('training_compliance')
      .columns(['carer_id', 'training_type', 'open_ended', 'latest_expiry'])
      .expression(
        db
          .selectFrom('training_records')
          .where('carer_id', 'in', chunk)
          .where('status', '=', 'current')
          .where('training_type', 'in', [...REQUIRED_TRAINING_TYPES])
          .groupBy(['carer_id', 'training_type'])
          .select([
            'carer_id',
            'training_type',
            sql<boolean>`bool_or(expiry_date is null)`.as('open_ended'),
            sql<string | null>`max(expiry_date)`.as('latest_expiry'),
          ]),
      )
      .execute();
  }
}
