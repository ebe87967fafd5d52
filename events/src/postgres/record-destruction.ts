import type pg from 'pg';
import type {
  AppendResult,
  DestructionPlan,
  DestructionResult,
  ExpectedRevision,
  NewEvent,
} from '../store/event-store';
import { CONTENT_HASH_SQL, sealAll } from './log-chain';

/**
 * Destroying a person's records on the PostgreSQL store (docs/decisions/0037-destruction-keeps-the-log-provable.md).
 * In one transaction: every event about the subject (their own streams, and every other event whose data names
 * their id) gets the reserved type `$destroyed` and empty data, each rewrite is recorded in es_redactions with the
 * content hash the chain was sealed with and the hash of the row as it now reads, the approval and the certificate
 * are appended, and whatever else names the person outside the log is deleted. A crash at any instant leaves all of
 * it or none of it.
 */
/** The data a destroyed event keeps: nothing about the person. */
export const DESTROYED_DATA = '{}';

/** The store's appendInTransaction, passed in: the store's module imports this one. */
type AppendInTransaction = (
  client: pg.PoolClient,
  streamId: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
) => Promise<AppendResult>;

/** `append` is the store's appendInTransaction. */
export async function destroyRecords(
  pool: pg.Pool,
  plan: DestructionPlan,
  append: AppendInTransaction,
): Promise<DestructionResult> {
  // Seal what is final first, so the chain holds the original hashes of the rows about to change. A row not
  // sealed yet (an older transaction elsewhere still open) is sealed later with the hash es_redactions keeps.
  await sealAll(pool, { timeoutMs: 2000 });
  const client = await pool.connect();
  try {
    await client.query('begin');
    // Before the rewrite, so a statement may still find what to delete through the events (a voice note's audio).
    for (const statement of plan.alsoDelete ?? []) await client.query(statement.text, [...statement.values]);
    const { rows } = await client.query<{ rewritten: string }>(
      `with target as (
         select e.transaction_id, e.sequence, ${CONTENT_HASH_SQL} as original
           from es_events e
          where e.event_type not like '$%'
            and not (e.stream_id like any ($3::text[]))
            and (e.stream_id = any ($1::text[]) or strpos(e.data::text, $2::text) > 0)
          for update
       ),
       updated as (
         update es_events e set event_type = '$destroyed', data = $5::jsonb
           from target t where e.sequence = t.sequence
         returning e.*
       ),
       recorded as (
         insert into es_redactions (transaction_id, sequence, original_hash, redacted_hash, certificate_event_id)
         select e.transaction_id, e.sequence, t.original, ${CONTENT_HASH_SQL}, $4::uuid
           from updated e join target t on t.sequence = e.sequence
         returning 1
       )
       select count(*) as rewritten from recorded`,
      [
        plan.subjectStreams,
        plan.subjectId,
        plan.keepStreamPrefixes.map((prefix) => `${prefix.replace(/[\\%_]/g, '\\$&')}%`),
        plan.certificateEventId,
        DESTROYED_DATA,
      ],
    );
    const eventsRewritten = Number(rows[0]!.rewritten);
    const appended = await append(client, plan.certificateStream, plan.events(eventsRewritten), plan.expectedRevision);
    await client.query('commit');
    return { ...appended, eventsRewritten };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
