import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  createPool,
  ensureAuthSchema,
  ensureMediaSchema,
  ensureOpsSchema,
  PostgresEventStore,
  verifyLog,
} from '@care/events/server';
import { createTestDatabase, newEvent, type TestDatabase } from '@care/events/testing';
import { restoreBackup } from './backup/restore-backup';
import { writeBackup } from './backup/write-backup';

/**
 * A destruction survives a backup and its restore: the rewritten rows and their es_redactions records are copied as
 * they are, so the restored chain proves the log, destroyed rows included.
 */
const databases: TestDatabase[] = [];
const pools: pg.Pool[] = [];
let workDir: string | undefined;

async function database(label: string): Promise<pg.Pool> {
  const created = await createTestDatabase(inject('databaseUrl'), label);
  databases.push(created);
  const pool = createPool(created.url);
  pools.push(pool);
  return pool;
}

afterAll(async () => {
  for (const pool of pools) await pool.end();
  for (const created of databases) await created.drop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('a destruction in a backup', () => {
  it('restores with its redaction records, and the restored chain verifies', async () => {
    const sourcePool = await database('backup_destruction_source');
    const store = await PostgresEventStore.connect(sourcePool);
    await ensureAuthSchema(sourcePool);
    await ensureMediaSchema(sourcePool);
    await ensureOpsSchema(sourcePool);
    const subjectId = randomUUID();
    await store.append(
      `person-${subjectId}`,
      [newEvent('Registered', { id: subjectId, name: 'Zebedee' })],
      'no_stream',
    );
    await store.append('other-1', [newEvent('Registered', { id: randomUUID(), name: 'Other' })], 'no_stream');
    const certificateEventId = randomUUID();
    await store.destroyRecords({
      subjectId,
      subjectStreams: [`person-${subjectId}`],
      keepStreamPrefixes: ['destruction-'],
      certificateStream: `destruction-${randomUUID()}`,
      expectedRevision: 'no_stream',
      certificateEventId,
      events: (eventsRewritten) => [{ ...newEvent('Certified', { eventsRewritten }), eventId: certificateEventId }],
    });

    workDir = await mkdtemp(path.join(os.tmpdir(), 'backup-destruction-'));
    const file = path.join(workDir, 'care.ndjson.gz');
    await writeBackup(sourcePool, file);
    const targetPool = await database('backup_destruction_target');
    await restoreBackup(targetPool, file);

    const { rows } = await targetPool.query<{ n: string }>('select count(*) as n from es_redactions');
    expect(rows[0]!.n).toBe('1');
    expect(await verifyLog(targetPool)).toMatchObject({ ok: true, checked: 3 });
    await store.close();
  });
});
