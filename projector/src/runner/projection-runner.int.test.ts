import { randomUUID } from 'node:crypto';
import { RawNode, sql, type Kysely, type KyselyPlugin } from 'kysely';
import type pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { definitionOf, START_POSITION, type RecordedEvent } from '@care/events';
import { PostgresEventStore, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { registerCarer } from '../../testing/carer-event-fixtures';
import { readModelChecksums } from '../../testing/read-model-checksum';
import { silentLog } from '../../testing/silent-log';
import { carersProjection } from '../carers/carers-projection';
import { clientsProjection } from '../clients/client-projection';
import type { Projection } from '../projection';
import { startProjector, type RunningProjector } from '../projector';
import { createReadModelDb } from '../read-model/connect';
import { READ_MODEL_CHANGED_CHANNEL, READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';
import { replayInto } from '../rebuild';
import { saveMembers, CheckpointConflictError } from './member-rows';

let database: TestDatabase;
let pool: pg.Pool;
let db: Kysely<ReadModelDatabase>;
let store: PostgresEventStore;
let running: RunningProjector | undefined;
let databases = 0;

interface NamesDb {
  carer_names_test: { id: string; first_name: string };
}

/**
 * A projection of carers' first names that cannot apply a carer called "Poison" unless `cured`: stands for a
 * projection with a bug that one event triggers.
 */
function namesProjection(options: { version: number; cured: boolean }): Projection {
  return {
    name: 'carer_names_test',
    version: options.version,
    tables: ['carer_names_test'],
    schema: {
      async create(target) {
        await target.schema
          .createTable('carer_names_test')
          .addColumn('id', 'uuid', (c) => c.primaryKey())
          .addColumn('first_name', 'text', (c) => c.notNull())
          .execute();
      },
    },
    handles: (type) => type === 'CarerRegistered',
    async apply(target, events) {
      for (const event of events as Extract<RecordedEvent, { type: 'CarerRegistered' }>[]) {
        if (event.data.firstName === 'Poison' && !options.cured) throw new Error('cannot apply a carer called Poison');
        await (target as unknown as Kysely<NamesDb>)
          .insertInto('carer_names_test')
          .values({ id: event.data.carerId, first_name: event.data.firstName })
          .execute();
      }
    },
  };
}

/**
 * Waits until every event appended so far is visible to readers (another test file's open transaction can hold
 * back the log's visible end for a moment), so that "caught up" at start means caught up with all of them.
 */
async function untilVisible(): Promise<void> {
  const appended = Number((await pool.query<{ n: string }>('select count(*) as n from es_events')).rows[0]!.n);
  await expect.poll(async () => (await store.readAll(START_POSITION, 1_000_000)).length).toBe(appended);
}

async function start(projections: readonly Projection[]): Promise<RunningProjector> {
  await untilVisible();
  running = await startProjector({ store, pool, db, log: silentLog, projections, lagIntervalMs: 50 });
  await running.settled();
  return running;
}

async function stop(): Promise<void> {
  await running?.stop();
  running = undefined;
}

const status = (name: string) =>
  db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('projection_status')
    .selectAll()
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
const names = async () =>
  (
    await sql<{ first_name: string }>`select first_name from read_model.carer_names_test order by first_name`.execute(
      db,
    )
  ).rows.map((row) => row.first_name);
const carerCount = async () =>
  Number(
    (
      await db
        .withSchema(READ_MODEL_SCHEMA)
        .selectFrom('carers')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const projectionStream = async (name: string) =>
  (await store.readStream(`projection-${name}`)).map((event) => [event.type, event.data]);
const tableOid = async (table: string) =>
  (await sql<{ oid: number }>`select ${`${READ_MODEL_SCHEMA}.${table}`}::regclass::oid as oid`.execute(db)).rows[0]!
    .oid;

beforeEach(async () => {
  databases += 1;
  database = await createTestDatabase(inject('databaseUrl'), `projection_runner_${databases}`);
  pool = createPool(database.url, { max: 6, log: silentLog });
  db = createReadModelDb(pool);
  store = await PostgresEventStore.connect(pool);
});

afterEach(async () => {
  await stop();
  await db?.destroy();
  await database?.drop();
});

afterAll(async () => {
  await stop();
});

describe('each projection with its own checkpoint and version', () => {
  it('builds new projections by itself, and a version bump rebuilds only that projection, equal to a full rebuild', async () => {
    for (const name of ['Ann', 'Bea', 'Cal']) await registerCarer(store, name);
    const v1 = namesProjection({ version: 1, cured: true });
    await start([carersProjection, clientsProjection, v1]);
    expect(await names()).toEqual(['Ann', 'Bea', 'Cal']);
    expect((await status('carer_names_test')).version).toBe(1);
    await stop();

    const carersTable = await tableOid('carers');
    const namesTable = await tableOid('carer_names_test');
    await registerCarer(store, 'Dee');
    await start([carersProjection, clientsProjection, namesProjection({ version: 2, cured: true })]);
    expect(await names()).toEqual(['Ann', 'Bea', 'Cal', 'Dee']);
    const bumped = await status('carer_names_test');
    expect({ version: bumped.version, state: bumped.state, rebuild: bumped.rebuild_version }).toEqual({
      version: 2,
      state: 'live',
      rebuild: null,
    });
    expect(await tableOid('carer_names_test')).not.toBe(namesTable); // fresh tables, swapped in
    expect(await tableOid('carers')).toBe(carersTable); // the others were not rebuilt
    expect((await status('carers')).version).toBe(carersProjection.version);
    expect(await carerCount()).toBe(4);

    await stop();
    const all = [carersProjection, clientsProjection, namesProjection({ version: 2, cured: true })];
    await replayInto(store, db, 'full_rebuild', all);
    expect(await readModelChecksums(db, READ_MODEL_SCHEMA, all)).toEqual(
      await readModelChecksums(db, 'full_rebuild', all),
    );
  });

  it('a projection that cannot apply an event stalls alone, visibly, and resumes from its own checkpoint after a fix', async () => {
    await registerCarer(store, 'Ann');
    await start([carersProjection, namesProjection({ version: 1, cured: false })]);
    expect(await names()).toEqual(['Ann']);
    const poisonId = await registerCarer(store, 'Poison');
    await registerCarer(store, 'Bea');
    await expect.poll(async () => (await status('carer_names_test')).state).toBe('stalled');
    await registerCarer(store, 'Cal'); // after the stall, the other projections still follow the log
    await expect.poll(carerCount).toBe(4);

    const stalled = await status('carer_names_test');
    expect(stalled.stalled_event_type).toBe('CarerRegistered');
    expect(stalled.stalled_error).toContain('cannot apply a carer called Poison');
    const [poison] = (await store.readStream(`carer-${poisonId}`)).map((event) => event.eventId);
    expect(stalled.stalled_event_id).toBe(poison);
    // Everything before the failing event is applied; nothing after it. The status shows how far behind it is: the
    // two carers after it and the stall's own record on the projection's stream.
    expect(await names()).toEqual(['Ann']);
    await expect.poll(async () => Number((await status('carer_names_test')).lag_events)).toBe(4);
    expect((await status('carers')).state).toBe('live');
    // The stall is on the projection's stream, where the command side checks which event may be skipped.
    expect(await projectionStream('carer_names_test')).toEqual([
      ['ProjectionStalled', { projection: 'carer_names_test', eventId: poison, eventType: 'CarerRegistered' }],
    ]);
    await stop();

    // Fixed (same version: no rebuild), restarted: it resumes from its own checkpoint, and the stream says the stall ended.
    await start([carersProjection, namesProjection({ version: 1, cured: true })]);
    expect(await names()).toEqual(['Ann', 'Bea', 'Cal', 'Poison']);
    const resumed = await status('carer_names_test');
    expect({ state: resumed.state, error: resumed.stalled_error }).toEqual({ state: 'live', error: null });
    expect((await projectionStream('carer_names_test')).map(([type]) => type)).toEqual([
      'ProjectionStalled',
      'ProjectionStallCleared',
    ]);
  });

  it('an administrator may skip the one event for that projection: it goes to the dead letters, with the reason', async () => {
    await registerCarer(store, 'Ann');
    await registerCarer(store, 'Poison');
    await registerCarer(store, 'Bea');
    await start([carersProjection, namesProjection({ version: 1, cured: false })]);
    await expect.poll(async () => (await status('carer_names_test')).state).toBe('stalled');
    const eventId = (await status('carer_names_test')).stalled_event_id!;

    await store.append(
      'projection-carer_names_test',
      [
        {
          eventId: randomUUID(),
          type: 'ProjectionEventSkipped',
          schemaVersion: definitionOf('ProjectionEventSkipped').schemaVersion,
          data: { projection: 'carer_names_test', eventId, reason: 'Known bad import row, corrected by hand' },
          metadata: { userId: 'admin-1', occurredAt: new Date().toISOString(), correlationId: 'c', causationId: 'c' },
        },
      ],
      'any',
    );
    await expect.poll(names).toEqual(['Ann', 'Bea']);
    await expect.poll(async () => (await status('carer_names_test')).state).toBe('live');
    const letters = await db.withSchema(READ_MODEL_SCHEMA).selectFrom('projection_dead_letters').selectAll().execute();
    expect(
      letters.map((letter) => ({
        projection: letter.projection,
        eventId: letter.event_id,
        reason: letter.reason,
        by: letter.skipped_by,
      })),
    ).toEqual([
      { projection: 'carer_names_test', eventId, reason: 'Known bad import row, corrected by hand', by: 'admin-1' },
    ]);
    expect(letters[0]!.error).toContain('cannot apply a carer called Poison');
    await registerCarer(store, 'Cal');
    await expect.poll(names).toEqual(['Ann', 'Bea', 'Cal']);

    // A rebuild of a new version skips it again: the dead letter outlives the tables.
    await stop();
    await start([carersProjection, namesProjection({ version: 2, cured: false })]);
    expect(await names()).toEqual(['Ann', 'Bea', 'Cal']);
    expect((await status('carer_names_test')).state).toBe('live');
  });

  it('measures each projection’s lag behind the log', async () => {
    await registerCarer(store, 'Ann');
    await start([carersProjection]);
    await expect.poll(async () => (await status('carers')).lag_events).toBe('0');
    expect((await status('carers')).lag_seconds).toBe(0);
  });

  it('announces a committed batch even when the first notification fails, naming what changed', async () => {
    let failNext = false;
    const failingNotify: KyselyPlugin = {
      transformQuery({ node }) {
        if (failNext && RawNode.is(node) && node.sqlFragments.join('').includes('pg_notify')) {
          failNext = false;
          throw new Error('connection lost while notifying');
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    await untilVisible();
    running = await startProjector({
      store,
      pool,
      db: db.withPlugin(failingNotify),
      log: silentLog,
      projections: [carersProjection],
      lagIntervalMs: 50,
    });
    await running.settled();
    const listener = await pool.connect();
    const heard: { projections: string[] }[] = [];
    try {
      listener.on('notification', (message) =>
        heard.push(JSON.parse(message.payload ?? '{}') as { projections: string[] }),
      );
      await listener.query(`listen ${READ_MODEL_CHANGED_CHANNEL}`);
      failNext = true;
      await registerCarer(store, 'Eve');
      await expect
        .poll(() => heard.some((payload) => payload.projections.includes('carers')), { timeout: 5000 })
        .toBe(true);
      expect(failNext).toBe(false);
    } finally {
      await listener.query(`unlisten ${READ_MODEL_CHANGED_CHANNEL}`);
      listener.release();
    }
  });

  it('never moves a checkpoint it did not write last (compare-and-set): a stale projector is refused', async () => {
    await registerCarer(store, 'Ann');
    const projector = await start([carersProjection]);
    const [member] = projector.runner.members();
    await stop();
    // A stale copy believes the checkpoint is somewhere it never was.
    const stale = { ...member!, saved: { commit: 1n, prepare: 1n }, checkpoint: { commit: 2n, prepare: 2n } };
    await expect(db.transaction().execute((trx) => saveMembers(trx, [stale]))).rejects.toBeInstanceOf(
      CheckpointConflictError,
    );
  });

  it('refuses a stale rebuilding projector too: a rebuild checks its own checkpoint, not the live one', async () => {
    await registerCarer(store, 'Ann');
    const projector = await start([carersProjection]);
    const [member] = projector.runner.members();
    await stop();
    const live = await status('carers');
    // The row as a rebuild of version 2 leaves it, 5.5 into the log; the live checkpoint stays where it was.
    await db
      .withSchema(READ_MODEL_SCHEMA)
      .updateTable('projection_status')
      .set({ state: 'rebuilding', rebuild_version: 2, rebuild_commit: '5', rebuild_prepare: '5' })
      .where('name', '=', 'carers')
      .execute();
    const rebuilding = { ...member!, rebuildVersion: 2, checkpoint: { commit: 9n, prepare: 9n } };
    // Stale: it believes the rebuild was last saved at the live checkpoint, which another writer's rebuild has left.
    const stale = { ...rebuilding, saved: member!.saved };
    await expect(db.transaction().execute((trx) => saveMembers(trx, [stale]))).rejects.toBeInstanceOf(
      CheckpointConflictError,
    );
    expect(await status('carers')).toMatchObject({
      rebuild_commit: '5',
      rebuild_prepare: '5',
      commit_position: live.commit_position,
    });
    // The rebuild that did write 5.5 moves its own checkpoint, and the live one stays.
    await db.transaction().execute((trx) => saveMembers(trx, [{ ...rebuilding, saved: { commit: 5n, prepare: 5n } }]));
    expect(await status('carers')).toMatchObject({
      rebuild_commit: '9',
      rebuild_prepare: '9',
      commit_position: live.commit_position,
    });
  });
});
