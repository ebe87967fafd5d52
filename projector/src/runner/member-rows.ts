import { sql, type Kysely } from 'kysely';
import { positionToToken, type ProjectionEvent, type RecordedEvent } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';
import { deadLetterKey, earliestCheckpoint, type DeadLetters, type Member, type ParsedBatch } from './apply-to-members';
import type { ProjectionState } from './status-tables';

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
 * Writes each member's checkpoint, state and stall in the batch's transaction. The checkpoint is a
 * compare-and-set on the value this runner last committed, so it can never move backwards or skip under a
 * second projector or a stale one.
 */
export async function saveMembers(trx: Kysely<ReadModelDatabase>, members: readonly Member[]): Promise<void> {
  const table = trx.withSchema(READ_MODEL_SCHEMA);
  for (const member of members) {
    const position = { commit: member.checkpoint.commit.toString(), prepare: member.checkpoint.prepare.toString() };
    const stall = member.stalled;
    const stallColumns = {
      stalled_event_id: stall?.eventId ?? null,
      stalled_event_type: stall?.type ?? null,
      stalled_commit: stall ? stall.position.commit.toString() : null,
      stalled_prepare: stall ? stall.position.prepare.toString() : null,
      stalled_error: stall?.error ?? null,
    };
    const rebuilding = member.rebuildVersion !== undefined;
    let update = table
      .updateTable('projection_status')
      .set({
        ...(rebuilding
          ? { rebuild_commit: position.commit, rebuild_prepare: position.prepare, rebuild_events: String(member.rebuildEvents) }
          : { commit_position: position.commit, prepare_position: position.prepare }),
        ...stallColumns,
        stalled_at: stall ? sql<string>`coalesce(stalled_at, now())` : null,
        state: stateOf(member),
        updated_at: sql<string>`now()`,
      })
      .where('name', '=', member.projection.name);
    const saved = { commit: member.saved.commit.toString(), prepare: member.saved.prepare.toString() };
    update = rebuilding
      ? update.where('rebuild_commit', '=', saved.commit).where('rebuild_prepare', '=', saved.prepare)
      : update.where('commit_position', '=', saved.commit).where('prepare_position', '=', saved.prepare);
    const result = await update.executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new CheckpointConflictError(member.projection.name);
  }
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
    const member = members.find((candidate) => candidate.projection.name === skip.data.projection && candidate.stalled?.eventId === skip.data.eventId);
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

/** The NOTIFY payload after a commit: the read API turns it into pushes and read-your-writes positions. */
export interface ReadModelChanged {
  /** The position the projections in `live` have all reached. */
  position: string;
  /** The projections whose tables changed (their resources are pushed to the browser). */
  projections: string[];
  /** The projections serving live tables at `position`. */
  live: string[];
}

export function changedPayload(members: readonly Member[], changed: readonly string[]): ReadModelChanged | undefined {
  const serving = members.filter((member) => !member.stalled && member.rebuildVersion === undefined);
  // Members that joined from a catch-up may be ahead; every serving member has reached the smallest.
  const position = earliestCheckpoint(serving);
  if (!position) return undefined;
  return { position: positionToToken(position), projections: [...changed], live: serving.map((member) => member.projection.name) };
}
