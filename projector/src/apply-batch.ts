import { sql, type Kysely } from 'kysely';
import { parseRecordedEvent, positionToToken, type Position, type RawRecordedEvent } from '@care/events';
import { READ_MODEL_CHANGED_CHANNEL, type ReadModelDatabase } from './read-model/database';
import { projections } from './projection';

export const CHECKPOINT_ID = 'main';

/** The payload of the NOTIFY sent when a batch commits: the read API turns it into pushes. */
export interface ReadModelChanged {
  position: string;
  projections: string[];
}

/**
 * Applies one batch to the read model in `schema` and moves the checkpoint, in ONE transaction:
 * a crash at any instant leaves either all of it or none of it (nothing lost, nothing doubled).
 * The NOTIFY is delivered by PostgreSQL only if the transaction commits.
 */
export async function applyBatch(
  db: Kysely<ReadModelDatabase>,
  schema: string,
  batch: readonly RawRecordedEvent[],
  options: { notify: boolean },
): Promise<ReadModelChanged | undefined> {
  const last = batch.at(-1);
  if (!last) return undefined;
  const events = batch.map(parseRecordedEvent);
  return db.transaction().execute(async (trx) => {
    const scoped = trx.withSchema(schema);
    const changed: string[] = [];
    for (const projection of projections) {
      const relevant = events.filter((event) => projection.handles(event.type));
      if (relevant.length === 0) continue;
      await projection.apply(scoped, relevant);
      changed.push(projection.name);
    }
    await saveCheckpoint(scoped, last.position);
    const payload: ReadModelChanged = { position: positionToToken(last.position), projections: changed };
    if (options.notify) await sql`select pg_notify(${READ_MODEL_CHANGED_CHANNEL}, ${JSON.stringify(payload)})`.execute(trx);
    return payload;
  });
}

async function saveCheckpoint(db: Kysely<ReadModelDatabase>, position: Position): Promise<void> {
  const values = { commit_position: position.commit.toString(), prepare_position: position.prepare.toString() };
  await db
    .insertInto('checkpoint')
    .values({ projection: CHECKPOINT_ID, ...values })
    .onConflict((oc) => oc.column('projection').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}

export async function readCheckpoint(db: Kysely<ReadModelDatabase>, schema: string): Promise<Position> {
  const row = await db
    .withSchema(schema)
    .selectFrom('checkpoint')
    .select(['commit_position', 'prepare_position'])
    .where('projection', '=', CHECKPOINT_ID)
    .executeTakeFirst();
  return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : { commit: 0n, prepare: 0n };
}
