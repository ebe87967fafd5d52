import { sql, type Kysely } from 'kysely';
import {
  comparePositions,
  parseRecordedEvent,
  type Position,
  type RawRecordedEvent,
  type RecordedEvent,
} from '@care/events';
import type { ReadModelDatabase } from '../read-model/database';
import type { Projection } from '../projection';

/** Why a projection stopped: the event it could not apply. */
export interface Stall {
  readonly eventId: string;
  readonly type: string;
  readonly position: Position;
  readonly error: string;
}

/** One projection as a runner drives it: where its tables are and how far it has got. */
export interface Member {
  readonly projection: Projection;
  /** The schema its tables are written in: the read model's, or its rebuild schema while rebuilding. */
  schema: string;
  /** Set while it builds a new version in its rebuild schema. */
  rebuildVersion: number | undefined;
  checkpoint: Position;
  /** The checkpoint as last committed: the compare-and-set's expected value. */
  saved: Position;
  stalled: Stall | undefined;
  /** Events of the log read since its rebuild started (progress). */
  rebuildEvents: number;
}

/** A batch read from the log, each event parsed once (an unreadable one is kept as its error). */
export interface ParsedBatch {
  readonly raw: readonly RawRecordedEvent[];
  readonly parsed: readonly (RecordedEvent | Error)[];
}

export function parseBatch(raw: readonly RawRecordedEvent[]): ParsedBatch {
  return {
    raw,
    parsed: raw.map((event) => {
      try {
        return parseRecordedEvent(event);
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    }),
  };
}

/** `${projection}:${eventId}`: events an administrator skipped for one projection. */
export type DeadLetters = Set<string>;
export const deadLetterKey = (projection: string, eventId: string) => `${projection}:${eventId}`;

/**
 * A failure that says nothing about the event (a lost connection, a deadlock, a timeout, the server shutting
 * down): the whole batch is retried rather than the projection stalled.
 */
export function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(08|40|53|55|57|58|XX)/.test(code)) return true;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return true; // ECONNRESET, ECONNREFUSED, EPIPE…
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
}

/**
 * Applies one batch to each member inside the caller's transaction. Each member gets a savepoint: an event it
 * cannot apply rolls back that member alone, which then stalls at exactly that event (found by applying its events
 * one by one) while the others commit. Transient failures are thrown so the caller retries the whole batch.
 * Returns the names of the members whose tables changed.
 */
export async function applyToMembers(
  trx: Kysely<ReadModelDatabase>,
  batch: ParsedBatch,
  members: readonly Member[],
  deadLetters: DeadLetters,
): Promise<string[]> {
  const changed: string[] = [];
  const last = batch.raw.at(-1);
  if (!last) return changed;
  for (const member of members) {
    if (member.stalled) continue;
    const indexes: number[] = [];
    // The batch is in log order: the events past the checkpoint are a tail of it.
    let first = 0;
    while (first < batch.raw.length && comparePositions(batch.raw[first]!.position, member.checkpoint) <= 0) first += 1;
    const skipsSome = deadLetters.size > 0;
    for (let index = first; index < batch.raw.length; index += 1) {
      const event = batch.raw[index]!;
      if (!member.projection.handles(event.type)) continue;
      if (skipsSome && deadLetters.has(deadLetterKey(member.projection.name, event.eventId))) continue;
      indexes.push(index);
    }
    if (comparePositions(last.position, member.checkpoint) <= 0) continue;
    if (indexes.length > 0) {
      const scoped = trx.withSchema(member.schema);
      const applied = await inSavepoint(trx, () => member.projection.apply(scoped, eventsAt(batch, indexes)));
      if (applied !== true) await applyOneByOne(trx, scoped, batch, member, indexes);
      if (member.stalled) continue;
      changed.push(member.projection.name);
    }
    member.checkpoint = last.position;
  }
  return changed;
}

function eventsAt(batch: ParsedBatch, indexes: readonly number[]): RecordedEvent[] {
  return indexes.map((index) => {
    const event = batch.parsed[index]!;
    if (event instanceof Error) throw event;
    return event;
  });
}

/** True when `work` committed to its savepoint; the error when it was rolled back. Transient errors are thrown. */
async function inSavepoint(trx: Kysely<ReadModelDatabase>, work: () => Promise<void>): Promise<true | Error> {
  await sql`savepoint projection`.execute(trx);
  try {
    await work();
    await sql`release savepoint projection`.execute(trx);
    return true;
  } catch (error) {
    if (isTransient(error)) throw error;
    await sql`rollback to savepoint projection`.execute(trx);
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** The slow path after a failed batch: apply event by event, stop at the first that fails, and stall there. */
async function applyOneByOne(
  trx: Kysely<ReadModelDatabase>,
  scoped: Kysely<ReadModelDatabase>,
  batch: ParsedBatch,
  member: Member,
  indexes: readonly number[],
): Promise<void> {
  for (const index of indexes) {
    const outcome = await inSavepoint(trx, () => member.projection.apply(scoped, eventsAt(batch, [index])));
    if (outcome === true) continue;
    const event = batch.raw[index]!;
    const before = batch.raw[index - 1]?.position;
    // Everything before the failing event is applied (or not this projection's): resume right before it.
    if (before && comparePositions(before, member.checkpoint) > 0) member.checkpoint = before;
    member.stalled = {
      eventId: event.eventId,
      type: event.type,
      position: event.position,
      error: outcome.message.slice(0, 2000),
    };
    return;
  }
}

/** The smallest checkpoint among `members` (where a reader for all of them must start), or undefined for none. */
export function earliestCheckpoint(members: readonly Member[]): Position | undefined {
  let earliest: Position | undefined;
  for (const member of members)
    if (!earliest || comparePositions(member.checkpoint, earliest) < 0) earliest = member.checkpoint;
  return earliest;
}

/** The largest of `members`' checkpoints and `floor`. */
export function latestCheckpoint(members: readonly Member[], floor: Position): Position {
  let latest = floor;
  for (const member of members) if (comparePositions(member.checkpoint, latest) > 0) latest = member.checkpoint;
  return latest;
}

/**
 * `members` in at most `count` groups of about equal work: the slowest first, each to the group with the least so
 * far (longest processing time first). A member not timed yet counts as the average, so a first batch is spread too.
 */
export function balancedGroups(members: readonly Member[], count: number, costs: WeakMap<Member, number>): Member[][] {
  const known = members.map((member) => costs.get(member)).filter((cost): cost is number => cost !== undefined);
  const average = known.length > 0 ? known.reduce((sum, cost) => sum + cost, 0) / known.length : 1;
  const cost = (member: Member) => costs.get(member) ?? average;
  const groups = Array.from({ length: Math.min(count, members.length) }, () => ({ members: [] as Member[], total: 0 }));
  for (const member of [...members].sort((a, b) => cost(b) - cost(a))) {
    const lightest = groups.reduce((least, group) => (group.total < least.total ? group : least));
    lightest.members.push(member);
    lightest.total += cost(member);
  }
  return groups.map((group) => group.members).filter((group) => group.length > 0);
}
