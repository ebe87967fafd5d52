import { sql, type Kysely, type Selectable } from 'kysely';
import {
  comparePositions,
  START_POSITION,
  type EventStore,
  type Position,
  type RawRecordedEvent,
  type Subscription,
} from '@care/events';
import type { Logger } from '@care/events/server';
import { READ_MODEL_CHANGED_CHANNEL, READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';
import type { Projection } from '../projection';
import {
  applyToMembers,
  balancedGroups,
  deadLetterKey,
  earliestCheckpoint,
  latestCheckpoint,
  parseBatch,
  type DeadLetters,
  type Member,
  type ParsedBatch,
} from './apply-to-members';
import {
  applySkips,
  changedPayload,
  CheckpointConflictError,
  markSaved,
  saveMembers,
  type ReadModelChanged,
} from './member-rows';
import { Mutex } from './mutex';
import { recordOnProjectionStream } from './stall-events';
import { isLockNotAvailable, LOCK_ATTEMPTS_WITHOUT_WAITING, LOCK_RETRY_MS, lockLiveTables } from './swap-locks';
import { ensureStatusTables, positionOf } from './status-tables';
import type { ProjectionStatusTable } from './status-table-types';

export interface RunnerOptions {
  readonly store: EventStore;
  readonly db: Kysely<ReadModelDatabase>;
  readonly log: Logger;
  readonly projections: readonly Projection[];
  /** Events per transaction while following the head of the log. */
  readonly batchSize?: number;
  /** Events per transaction while a projection catches up or rebuilds. */
  readonly catchUpBatchSize?: number;
  /** Rebuild these from zero even if their version did not change (`npm run rebuild`). */
  readonly forceRebuild?: readonly string[];
  /** false: catch up and rebuild, then stop (no live following). */
  readonly follow?: boolean;
  /** Called after every catch-up batch: events read so far and the members being caught up. */
  readonly onCatchUpProgress?: (members: readonly Member[], eventsRead: number) => void;
  /** Called when this runner must not go on (another writer moved a checkpoint): the process should exit. */
  readonly onFatal?: (error: Error) => void;
  /** Transactions applied at once while catching up or rebuilding (each on its own connection); default 2. */
  readonly catchUpParallelism?: number;
}

/** Tries at announcing a committed live batch (about 0.8 s in all). */
const ANNOUNCE_ATTEMPTS = 5;

/** A projection's rebuild schema: its fresh tables are built here while the live ones serve. */
export const rebuildSchemaOf = (projection: Projection) => `${READ_MODEL_SCHEMA}_next_${projection.name}`;

/**
 * Runs every projection with its own checkpoint (docs/decisions/0013-projections-look-after-themselves.md).
 * Projections at the head of the log follow it together (one read, one transaction per batch, a savepoint each); a
 * projection that is behind (new, version changed, resumed after a stall) catches up on a second reader, into a
 * rebuild schema when it rebuilds, and joins the live ones when it reaches the head, its tables swapped in
 * atomically. A projection that cannot apply an event stalls alone, visibly, and resumes after a restart or an
 * administrator's skip.
 */
export class ProjectionRunner {
  private readonly live: Member[] = [];
  private readonly behind: Member[] = [];
  private readonly deadLetters: DeadLetters = new Set();
  private readonly mutex = new Mutex();
  private subscription: Subscription | undefined;
  private catchUpTask: Promise<void> | undefined;
  private stopped = false;
  private readHead: Position = START_POSITION;
  private readonly batchSize: number;
  private readonly catchUpBatchSize: number;
  private readonly settledWaiters: (() => void)[] = [];
  private readonly catchUpParallelism: number;
  /** How long each member took on its last catch-up batch, to balance the groups. */
  private readonly applyMs = new WeakMap<Member, number>();

  constructor(private readonly options: RunnerOptions) {
    this.batchSize = options.batchSize ?? 1000;
    this.catchUpBatchSize = options.catchUpBatchSize ?? 10_000;
    this.catchUpParallelism = Math.max(1, options.catchUpParallelism ?? 2);
  }

  /** Every member, for status and tests. */
  members(): readonly Member[] {
    return [...this.live, ...this.behind];
  }

  async start(): Promise<void> {
    const { db, projections, forceRebuild = [] } = this.options;
    await ensureStatusTables(db);
    for (const row of await db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('projection_dead_letters')
      .select(['projection', 'event_id'])
      .execute()) {
      this.deadLetters.add(deadLetterKey(row.projection, row.event_id));
    }
    const rows = new Map(
      (await db.withSchema(READ_MODEL_SCHEMA).selectFrom('projection_status').selectAll().execute()).map((row) => [
        row.name,
        row,
      ]),
    );
    for (const projection of projections)
      this.behind.push(
        await this.prepare(projection, rows.get(projection.name), forceRebuild.includes(projection.name)),
      );
    // Every projection first catches up to the head on the catch-up reader (most have nothing to read), then joins
    // the live reader: `settled()` then means "caught up with the log as it was".
    this.kickCatchUp();
  }

  /** Resolves once no projection is catching up or rebuilding (stalled ones aside). */
  settled(): Promise<void> {
    if (!this.catchUpTask) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.stop();
    await this.catchUpTask;
  }

  /** The member for one projection from its status row: live, resumed, or (re)built from zero. */
  private async prepare(
    projection: Projection,
    row: Selectable<ProjectionStatusTable> | undefined,
    force: boolean,
  ): Promise<Member> {
    const { db, log } = this.options;
    const served = row ? (positionOf(row.commit_position, row.prepare_position) ?? START_POSITION) : START_POSITION;
    const member: Member = {
      projection,
      schema: READ_MODEL_SCHEMA,
      rebuildVersion: undefined,
      checkpoint: served,
      saved: served,
      stalled: undefined,
      rebuildEvents: 0,
    };
    if (row?.stalled_event_id) {
      log.warn(
        { projection: projection.name, eventId: row.stalled_event_id, error: row.stalled_error },
        'retrying a stalled projection',
      );
      // The status row forgets the stall below; the stream says so too, so no one may skip an event being retried.
      await recordOnProjectionStream(this.options.store, log, {
        type: 'ProjectionStallCleared',
        data: { projection: projection.name, eventId: row.stalled_event_id },
      });
    }
    const needsRebuild = force || !row || row.version !== projection.version;
    if (!needsRebuild) {
      await this.writeRow(projection.name, { state: 'live', ...NO_REBUILD, ...NO_STALL });
      return member;
    }
    const rebuildPosition = row ? positionOf(row.rebuild_commit, row.rebuild_prepare) : undefined;
    const serverStartedAt = await this.serverStartedAt();
    const resume =
      !force &&
      row?.rebuild_version === projection.version &&
      rebuildPosition !== undefined &&
      row.rebuild_server_started_at?.getTime() === serverStartedAt.getTime() &&
      (await this.schemaExists(rebuildSchemaOf(projection)));
    const from = resume ? rebuildPosition : START_POSITION;
    Object.assign(member, {
      schema: rebuildSchemaOf(projection),
      rebuildVersion: projection.version,
      checkpoint: from,
      saved: from,
      rebuildEvents: resume ? Number(row.rebuild_events) : 0,
    });
    if (!resume) {
      await sql`drop schema if exists ${sql.id(member.schema)} cascade`.execute(db);
      await sql`create schema ${sql.id(member.schema)}`.execute(db);
      await projection.schema.create(db.withSchema(member.schema) as Kysely<unknown>);
      // Filled without write-ahead logging, made durable in one pass before the swap (indexRebuilt). A database
      // crash empties unlogged tables, so a rebuild resumes only on the same server run (serverStartedAt).
      for (const table of projection.tables)
        await sql`alter table ${sql.id(member.schema, table)} set unlogged`.execute(db);
    }
    log.info(
      { projection: projection.name, version: projection.version, from: row?.version ?? null, resume },
      'projection rebuilding',
    );
    const rebuild = {
      state: 'rebuilding' as const,
      rebuild_version: projection.version,
      rebuild_commit: from.commit.toString(),
      rebuild_prepare: from.prepare.toString(),
      rebuild_events: String(member.rebuildEvents),
      rebuild_started_at: resume ? (row?.rebuild_started_at?.toISOString() ?? null) : new Date().toISOString(),
      rebuild_server_started_at: serverStartedAt.toISOString(),
      // Reactions to events the previous version already handled must not fire again.
      gate_commit: served.commit.toString(),
      gate_prepare: served.prepare.toString(),
      ...NO_STALL,
    };
    if (row) await this.writeRow(projection.name, rebuild);
    else
      await db
        .withSchema(READ_MODEL_SCHEMA)
        .insertInto('projection_status')
        .values({ name: projection.name, version: 0, commit_position: '0', prepare_position: '0', ...rebuild })
        .execute();
    return member;
  }

  private async writeRow(
    name: string,
    values: Partial<Record<keyof ProjectionStatusTable, string | number | null>>,
  ): Promise<void> {
    await this.options.db
      .withSchema(READ_MODEL_SCHEMA)
      .updateTable('projection_status')
      .set(values as never)
      .where('name', '=', name)
      .execute();
  }

  private async serverStartedAt(): Promise<Date> {
    const { rows } = await sql<{ at: Date }>`select pg_postmaster_start_time() as at`.execute(this.options.db);
    return rows[0]!.at;
  }

  private async schemaExists(schema: string): Promise<boolean> {
    const { rows } = await sql<{
      found: boolean;
    }>`select exists (select 1 from pg_namespace where nspname = ${schema}) as found`.execute(this.options.db);
    return rows[0]?.found ?? false;
  }

  /** Follows the head of the log for the live members. */
  private async follow(after: Position): Promise<void> {
    this.subscription = await this.options.store.subscribe({
      after,
      maxBatchSize: this.batchSize,
      onBatch: (batch) => this.mutex.run(() => this.applyLive(batch)),
      onError: (error) =>
        error instanceof CheckpointConflictError
          ? this.fail(error)
          : this.options.log.error({ err: error }, 'live projection batch failed; retrying it'),
    });
  }

  private async applyLive(raw: readonly RawRecordedEvent[]): Promise<void> {
    const batch = parseBatch(raw);
    const members = [...this.live];
    const stalledBefore = new Set(members.filter((member) => member.stalled));
    const snapshot = members.map((member) => ({ member, checkpoint: member.checkpoint, stalled: member.stalled }));
    let resumed: Member[] = [];
    let payload: ReadModelChanged | undefined;
    try {
      await this.options.db.transaction().execute(async (trx) => {
        const changed = await applyToMembers(trx, batch, members, this.deadLetters);
        resumed = await applySkips(trx, batch, members, this.deadLetters);
        const written = await saveMembers(trx, members);
        payload = changedPayload(members, changed, written);
      });
    } catch (error) {
      for (const { member, checkpoint, stalled } of snapshot) Object.assign(member, { checkpoint, stalled });
      throw error;
    }
    markSaved(members);
    // After the commit, as the event store does: a NOTIFY inside the transaction holds PostgreSQL's cluster-wide
    // notify lock until the commit is flushed, so every append's own notification waited for each live batch.
    if (payload) await this.announce(payload);
    for (const member of members) {
      if (member.stalled && !stalledBefore.has(member)) await this.recordStall(member);
    }
    // A skipped event lies behind the live reader: the resumed projection catches up on its own reader.
    for (const member of resumed) this.moveBehind(member);
    if (resumed.length > 0) this.kickCatchUp();
  }

  /**
   * Tells the read API what a committed batch changed, retried on failure: the batch itself cannot be applied again
   * to send it (its checkpoints have moved, so a retry would name no changed projection), and a lost notification
   * leaves the sockets without that change.
   */
  private async announce(payload: ReadModelChanged): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await notify(this.options.db, payload);
      } catch (error) {
        if (attempt >= ANNOUNCE_ATTEMPTS || this.stopped)
          return this.options.log.error({ err: error }, 'a read-model change was not announced');
        await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      }
    }
  }

  private fail(error: CheckpointConflictError): void {
    this.options.log.fatal({ err: error }, 'another projector moved a checkpoint; stopping');
    this.stopped = true;
    this.options.onFatal?.(error);
  }

  private moveBehind(member: Member): void {
    this.live.splice(this.live.indexOf(member), 1);
    this.behind.push(member);
  }

  /** Logs a new stall and records it on the projection's stream (where an administrator's skip is checked). */
  private async recordStall(member: Member): Promise<void> {
    const stall = member.stalled;
    if (!stall) return;
    this.options.log.error(
      { projection: member.projection.name, ...stall, position: undefined },
      'projection stalled on an event it cannot apply',
    );
    await recordOnProjectionStream(this.options.store, this.options.log, {
      type: 'ProjectionStalled',
      data: { projection: member.projection.name, eventId: stall.eventId, eventType: stall.type },
    });
  }

  private kickCatchUp(): void {
    if (this.catchUpTask || this.behind.length === 0 || this.stopped) {
      if (!this.catchUpTask) this.releaseSettled();
      return;
    }
    this.catchUpTask = this.catchUp()
      .catch((error: unknown) =>
        error instanceof CheckpointConflictError
          ? this.fail(error)
          : this.options.log.error({ err: error }, 'projection catch-up failed'),
      )
      .finally(() => {
        this.catchUpTask = undefined;
        this.releaseSettled();
        if (this.behind.some((member) => !member.stalled) && !this.stopped) setTimeout(() => this.kickCatchUp(), 1000);
      });
  }

  private releaseSettled(): void {
    for (const resolve of this.settledWaiters.splice(0)) resolve();
  }

  /** Reads the log for the members behind, from the furthest back, until they reach the head and join the live ones. */
  private async catchUp(): Promise<void> {
    let read = 0;
    let ahead: { from: Position; batch: Promise<RawRecordedEvent[]> } | undefined;
    while (!this.stopped) {
      const from = earliestCheckpoint(this.behind.filter((member) => !member.stalled));
      if (!from) return this.parkStalled();
      // The batch read ahead is used only if nothing moved a member back (a skip resumes one behind the reader).
      const raw = this.noteRead(
        ahead && comparePositions(ahead.from, from) === 0
          ? await ahead.batch
          : await this.options.store.readAll(from, this.catchUpBatchSize),
      );
      ahead = undefined;
      if (raw.length < this.catchUpBatchSize) {
        // Near the head: index the rebuilt tables while the live ones still serve, then finish under the live
        // reader's lock so nothing slips in between, then swap and join.
        await this.indexRebuilt();
        await this.mutex.run(async () => {
          if (raw.length > 0) await this.applyBehind(raw);
          for (let more = await this.readAfter(); more.length > 0; more = await this.readAfter())
            await this.applyBehind(more);
          await this.join();
        });
        continue;
      }
      // Read the next batch while this one is written: the read overlaps the writes on another connection.
      const next = raw.at(-1)!.position;
      ahead = { from: next, batch: this.options.store.readAll(next, this.catchUpBatchSize) };
      ahead.batch.catch(() => undefined); // a failed read-ahead is simply read again
      await this.applyBehind(raw);
      read += raw.length;
      this.options.onCatchUpProgress?.(this.behind, read);
    }
  }

  /**
   * Makes the rebuilt tables durable and indexes them, one projection after another: run side by side, this DDL
   * failed now and then (and catch-up, retried, released `settled()` before the swap).
   */
  private async indexRebuilt(): Promise<void> {
    for (const member of this.behind) {
      if (member.rebuildVersion === undefined || member.stalled) continue;
      for (const table of member.projection.tables)
        await sql`alter table ${sql.id(member.schema, table)} set logged`.execute(this.options.db);
      await member.projection.schema.indexes?.(this.options.db.withSchema(member.schema) as Kysely<unknown>);
    }
  }

  private readAfter(): Promise<RawRecordedEvent[]> {
    const from = earliestCheckpoint(this.behind.filter((member) => !member.stalled));
    if (!from) return Promise.resolve([]);
    return this.options.store.readAll(from, this.catchUpBatchSize).then((raw) => this.noteRead(raw));
  }

  /** The furthest position any reader has seen: where the live reader starts when it first has members. */
  private noteRead(raw: RawRecordedEvent[]): RawRecordedEvent[] {
    const last = raw.at(-1)?.position;
    if (last && comparePositions(last, this.readHead) > 0) this.readHead = last;
    return raw;
  }

  /**
   * One catch-up batch for every member behind. The members are split into groups, each applied in its own
   * transaction on its own connection at the same time: while PostgreSQL writes one group's rows, this process
   * builds the next group's (a rebuild was half idle waiting on the database). Each member keeps its own
   * checkpoint, saved with its rows, so groups need not commit together; the groups are balanced by the time each
   * member took on the last batch.
   */
  private async applyBehind(raw: readonly RawRecordedEvent[]): Promise<void> {
    const batch = parseBatch(raw);
    const groups = balancedGroups(this.behind, this.catchUpParallelism, this.applyMs);
    await allSettledOrThrow(groups.map((group) => this.applyGroup(batch, group)));
  }

  private async applyGroup(batch: ParsedBatch, members: readonly Member[]): Promise<void> {
    const { raw } = batch;
    const snapshot = members.map((member) => ({
      member,
      checkpoint: member.checkpoint,
      stalled: member.stalled,
      rebuildEvents: member.rebuildEvents,
    }));
    for (const member of members) {
      if (!member.stalled)
        member.rebuildEvents += raw.filter((event) => comparePositions(event.position, member.checkpoint) > 0).length;
    }
    try {
      await this.options.db.transaction().execute(async (trx) => {
        // The read model is derived and each checkpoint commits with its rows: a commit lost in a crash is
        // applied again from the checkpoint before it, so catch-up need not wait for the disk at each commit.
        await sql`set local synchronous_commit = off`.execute(trx);
        for (const member of members) {
          const started = performance.now();
          await applyToMembers(trx, batch, [member], this.deadLetters);
          this.applyMs.set(member, performance.now() - started);
        }
        await applySkips(trx, batch, members, this.deadLetters);
        await saveMembers(trx, members);
      });
    } catch (error) {
      for (const { member, ...before } of snapshot) Object.assign(member, before);
      throw error;
    }
    markSaved(members);
    for (const member of members)
      if (member.stalled && !snapshot.find((entry) => entry.member === member)?.stalled) await this.recordStall(member);
  }

  /** Caught-up members join the live reader; rebuilt ones first have their tables swapped in. */
  private async join(): Promise<void> {
    const ready = this.behind.filter((member) => !member.stalled);
    if (ready.length === 0) return;
    const swapping = ready.filter((member) => member.rebuildVersion !== undefined);
    const liveTables = swapping.flatMap((member) => [
      ...member.projection.tables,
      ...(member.projection.retiredTables ?? []),
    ]);
    // Every lock first, without waiting while a read holds one (swap-locks.ts: a swap must not deadlock with reads).
    for (let attempt = 1; ; attempt++) {
      try {
        await this.options.db.transaction().execute(async (trx) => {
          await lockLiveTables(trx, liveTables, attempt > LOCK_ATTEMPTS_WITHOUT_WAITING);
          for (const member of swapping) await swapIn(trx, member);
          await saveMembers(
            trx,
            ready.filter((member) => member.rebuildVersion === undefined),
          );
          const payload = changedPayload(
            ready,
            ready.map((member) => member.projection.name),
          );
          if (payload) await notify(trx, payload);
        });
        break;
      } catch (error) {
        if (!isLockNotAvailable(error)) throw error;
        if (this.stopped) return;
        await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
      }
    }
    for (const member of ready) {
      if (member.rebuildVersion !== undefined) {
        this.options.log.info(
          { projection: member.projection.name, version: member.rebuildVersion, events: member.rebuildEvents },
          'projection rebuilt and swapped in',
        );
        Object.assign(member, { schema: READ_MODEL_SCHEMA, rebuildVersion: undefined });
      }
      member.saved = member.checkpoint;
      this.behind.splice(this.behind.indexOf(member), 1);
      this.live.push(member);
    }
    await this.followFromHead();
  }

  private async followFromHead(): Promise<void> {
    if (this.options.follow === false || this.subscription || this.stopped || this.live.length === 0) return;
    await this.follow(latestCheckpoint(this.live, this.readHead));
  }

  /** Only stalled members are left behind: they wait in the live set (not reading) for a skip or a restart. */
  private async parkStalled(): Promise<void> {
    if (this.options.follow === false) return;
    for (const member of this.behind.splice(0)) this.live.push(member);
    await this.mutex.run(() => this.followFromHead());
  }
}

const NO_REBUILD = {
  rebuild_version: null,
  rebuild_commit: null,
  rebuild_prepare: null,
  rebuild_started_at: null,
  rebuild_server_started_at: null,
  gate_commit: null,
  gate_prepare: null,
  rebuild_events: '0',
};
const NO_STALL = {
  stalled_event_id: null,
  stalled_event_type: null,
  stalled_commit: null,
  stalled_prepare: null,
  stalled_error: null,
  stalled_at: null,
};

/** Moves a rebuilt projection's tables into the read model in the caller's transaction: readers see old or new. */
async function swapIn(trx: Kysely<ReadModelDatabase>, member: Member): Promise<void> {
  const { projection } = member;
  for (const table of [...projection.tables, ...(projection.retiredTables ?? [])])
    await sql`drop table if exists ${sql.id(READ_MODEL_SCHEMA, table)} cascade`.execute(trx);
  for (const table of projection.tables)
    await sql`alter table ${sql.id(member.schema, table)} set schema ${sql.id(READ_MODEL_SCHEMA)}`.execute(trx);
  await sql`drop schema ${sql.id(member.schema)} cascade`.execute(trx);
  await trx
    .withSchema(READ_MODEL_SCHEMA)
    .updateTable('projection_status')
    .set({
      version: member.rebuildVersion!,
      commit_position: member.checkpoint.commit.toString(),
      prepare_position: member.checkpoint.prepare.toString(),
      state: 'live',
      ...NO_REBUILD,
      ...NO_STALL,
      updated_at: sql<string>`now()`,
    })
    .where('name', '=', projection.name)
    .execute();
}

/** Waits for every task to end (none is left running on a connection), then throws the first failure, if any. */
async function allSettledOrThrow(tasks: readonly Promise<unknown>[]): Promise<void> {
  const outcomes = await Promise.allSettled(tasks);
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

async function notify(trx: Kysely<ReadModelDatabase>, payload: ReadModelChanged): Promise<void> {
  await sql`select pg_notify(${READ_MODEL_CHANGED_CHANNEL}, ${JSON.stringify(payload)})`.execute(trx);
}
