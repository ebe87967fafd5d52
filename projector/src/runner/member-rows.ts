import { sql, type Kysely } from 'kysely';
import { positionToToken, type ProjectionEvent, type RecordedEvent } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';
import { deadLetterKey, earliestCheckpoint, type DeadLetters, type Member, type ParsedBatch } from './apply-to-members';
import type { ProjectionState } from './status-table-types';

/** Thrown when a checkpoint moved under us: another projector, or a stale one, wrote it. Never retried. */
export class CheckpointConflictError extends Error {
  constructor(readonly projection: string) {
    super(`The checkpoint of projection ${projection} was moved by another writer; this projector stops.`);
    this.name = 'CheckpointConflictError';
  }
}

export const stateOf = (member: Member): ProjectionState =>
  member.stalled ? 'stalled' : member.rebuildVersion !== undefined ? 'rebuilding' : 'live';

/**
 * Writes each member's checkpoint, state and stall in the batch's transaction, all in one statement (a live batch
 * of a single command used to spend a round trip per projection here). The checkpoint is a compare-and-set on the
 * value this runner last committed, so it can never move backwards or skip under a second projector or a stale one.
 * As the batch's last statement it also answers which rows the batch wrote (WrittenRows).
 */
export async function saveMembers(
  trx: Kysely<ReadModelDatabase>,
  members: readonly Member[],
): Promise<WrittenRows | undefined> {
  if (members.length === 0) return undefined;
  const rows = members.map((member) => {
    const stall = member.stalled;
    return {
      name: member.projection.name,
      rebuilding: member.rebuildVersion !== undefined,
      commit: member.checkpoint.commit.toString(),
      prepare: member.checkpoint.prepare.toString(),
      saved_commit: member.saved.commit.toString(),
      saved_prepare: member.saved.prepare.toString(),
      rebuild_events: String(member.rebuildEvents),
      stalled_event_id: stall?.eventId ?? null,
      stalled_event_type: stall?.type ?? null,
      stalled_commit: stall ? stall.position.commit.toString() : null,
      stalled_prepare: stall ? stall.position.prepare.toString() : null,
      stalled_error: stall?.error ?? null,
      state: stateOf(member),
    };
  });
  const { rows: saved } = await sql<{ name: string; xact: string }>`
    update ${sql.id(READ_MODEL_SCHEMA, 'projection_status')} as s set
      commit_position = case when v.rebuilding then s.commit_position else v.commit end,
      prepare_position = case when v.rebuilding then s.prepare_position else v.prepare end,
      rebuild_commit = case when v.rebuilding then v.commit else s.rebuild_commit end,
      rebuild_prepare = case when v.rebuilding then v.prepare else s.rebuild_prepare end,
      rebuild_events = case when v.rebuilding then v.rebuild_events else s.rebuild_events end,
      stalled_event_id = v.stalled_event_id,
      stalled_event_type = v.stalled_event_type,
      stalled_commit = v.stalled_commit,
      stalled_prepare = v.stalled_prepare,
      stalled_error = v.stalled_error,
      stalled_at = case when v.stalled_event_id is null then null else coalesce(s.stalled_at, now()) end,
      state = v.state,
      updated_at = now()
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(
      name text, rebuilding boolean, commit bigint, prepare bigint, saved_commit bigint, saved_prepare bigint, rebuild_events bigint,
      stalled_event_id uuid, stalled_event_type text, stalled_commit bigint, stalled_prepare bigint, stalled_error text, state text)
    where s.name = v.name
      and case when v.rebuilding then s.rebuild_commit = v.saved_commit and s.rebuild_prepare = v.saved_prepare
               else s.commit_position = v.saved_commit and s.prepare_position = v.saved_prepare end
    returning s.name, pg_current_xact_id()::text as xact`.execute(trx);
  if (saved.length === members.length) return saved[0] && { from: saved[0].xact };
  const written = new Set(saved.map((row) => row.name));
  throw new CheckpointConflictError(members.find((member) => !written.has(member.projection.name))!.projection.name);
}

/** After the transaction committed: what was written is now the expected value of the next compare-and-set. */
export function markSaved(members: readonly Member[]): void {
  for (const member of members) member.saved = member.checkpoint;
}

type Skip = RecordedEvent<Extract<ProjectionEvent, { type: 'ProjectionEventSkipped' }>>;

/**
 * An administrator's skip (ProjectionEventSkipped) for a member stalled on exactly that event: the event goes to
 * the dead-letter table with the reason and the stall's error, and the member resumes. Idempotent: a replay of
 * the same skip finds the member no longer stalled there. Returns the members it set going again.
 */
export async function applySkips(
  trx: Kysely<ReadModelDatabase>,
  batch: ParsedBatch,
  members: readonly Member[],
  deadLetters: DeadLetters,
): Promise<Member[]> {
  const resumed: Member[] = [];
  for (const event of batch.parsed) {
    if (event instanceof Error || event.type !== 'ProjectionEventSkipped') continue;
    const skip = event as Skip;
    const member = members.find(
      (candidate) =>
        candidate.projection.name === skip.data.projection && candidate.stalled?.eventId === skip.data.eventId,
    );
    if (!member?.stalled) continue;
    const stall = member.stalled;
    await trx
      .withSchema(READ_MODEL_SCHEMA)
      .insertInto('projection_dead_letters')
      .values({
        projection: member.projection.name,
        event_id: stall.eventId,
        event_type: stall.type,
        commit_position: stall.position.commit.toString(),
        prepare_position: stall.position.prepare.toString(),
        error: stall.error,
        reason: skip.data.reason,
        skipped_by: skip.metadata.userId,
        skipped_at: skip.metadata.occurredAt,
      })
      .onConflict((oc) => oc.columns(['projection', 'event_id']).doNothing())
      .execute();
    deadLetters.add(deadLetterKey(member.projection.name, stall.eventId));
    member.stalled = undefined;
    resumed.push(member);
  }
  return resumed;
}

/**
 * Which rows a batch's transaction wrote, told by PostgreSQL's transaction ids: `from` is the transaction's own id
 * (64-bit, as text), and every row it wrote has a `xmin` of that id or a later one. Each projection writes under a
 * savepoint, whose rows carry an id of their own given out after the transaction's, hence "or later" (a later
 * batch's rows match too: whoever reads it soon after the commit learns of at most a little more). The read API
 * finds with it whose work a change touched (the live push).
 */
export interface WrittenRows {
  from: string;
}

/** The NOTIFY payload after a commit: the read API turns it into pushes and read-your-writes positions. */
export interface ReadModelChanged {
  /** The position the projections in `live` have all reached. */
  position: string;
  /** The projections whose tables changed (their resources are pushed to the browser). */
  projections: string[];
  /** The projections serving live tables at `position`. */
  live: string[];
  /** The rows a live batch wrote; absent when not known (a rebuild swapped in, a catch-up joined): any row may have. */
  written?: WrittenRows;
}

export function changedPayload(
  members: readonly Member[],
  changed: readonly string[],
  written?: WrittenRows,
): ReadModelChanged | undefined {
  const serving = members.filter((member) => !member.stalled && member.rebuildVersion === undefined);
  // Members that joined from a catch-up may be ahead; every serving member has reached the smallest.
  const position = earliestCheckpoint(serving);
  if (!position) return undefined;
  return {
    position: positionToToken(position),
    projections: [...changed],
    live: serving.map((member) => member.projection.name),
    ...(written && { written }),
  };
}
