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
 * their id or their account's) gets the reserved type `$destroyed` and empty data, each rewrite is recorded in
 * es_redactions with the content hash the chain was sealed with and the hash of the row as it now reads, the approval
 * and the certificate are appended, and whatever else names the person outside the log is deleted. A stream whose
 * very name spells the person (their email's reservation) and holds nothing else is renamed. A crash at any instant
 * leaves all of it or none of it.
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
            and (e.stream_id = any ($1::text[])
                 or exists (select 1 from unnest($2::text[]) as named(id) where strpos(e.data::text, named.id) > 0))
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
        [plan.subjectId, ...(plan.alsoNamedBy ?? [])],
        plan.keepStreamPrefixes.map(likePrefix),
        plan.certificateEventId,
        DESTROYED_DATA,
      ],
    );
    const eventsRewritten = Number(rows[0]!.rewritten);
    await renameDestroyedStreams(client, plan);
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

/**
 * Gives a random name to each stream of the plan's renamed families whose every event is destroyed and which holds an
 * event this destruction rewrote. A stream that still holds someone else's event keeps its name: it is theirs too.
 * Renaming changes the rows' content, so each row's redacted hash is taken again; the chain keeps the original hash.
 */
async function renameDestroyedStreams(client: pg.PoolClient, plan: DestructionPlan): Promise<void> {
  const prefixes = plan.renameStreamPrefixes ?? [];
  if (prefixes.length === 0) return;
  await client.query(
    `with named as (
       select s.stream_id, '$destroyed-' || gen_random_uuid() as renamed
         from es_streams s
        where s.stream_id like any ($1::text[])
          and exists (select 1 from es_events e join es_redactions r on r.sequence = e.sequence
                       where e.stream_id = s.stream_id and r.certificate_event_id = $2::uuid)
          and not exists (select 1 from es_events e left join es_redactions r on r.sequence = e.sequence
                           where e.stream_id = s.stream_id and r.sequence is null)
          for update of s
     ),
     streams as (
       update es_streams s set stream_id = n.renamed from named n where s.stream_id = n.stream_id returning 1
     ),
     events as (
       update es_events e set stream_id = n.renamed from named n where e.stream_id = n.stream_id returning e.*
     ),
     hashes as (
       update es_redactions r set redacted_hash = ${CONTENT_HASH_SQL} from events e where r.sequence = e.sequence
       returning 1
     )
     select (select count(*) from streams) + (select count(*) from hashes) as changed`,
    [prefixes.map(likePrefix), plan.certificateEventId],
  );
}

/** A LIKE pattern matching names that start with `prefix`, taken literally. */
const likePrefix = (prefix: string): string => `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
