import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { PostgresEventStore, sealAll, verifyLog } from '@care/events/server';
import { registered, stamp } from './carer-data';
import { now } from './stats';

export interface VerifyLogFigures {
  verifyLogPerSec: number;
  sealPerSec: number;
  verifyLogEvents: number;
}

const EVENTS = 300_000;
const BATCH = 5_000;

/**
 * `verifyLogPerSec`: the whole hash chain checked from the first event (log-verify.ts) over 300,000
 * carer registrations of the product's size, loaded straight into es_events (multi-row inserts) and then
 * chained by the sealer (`sealPerSec`, what catching up on a log loaded without the store costs).
 */
export async function measureVerifyLog(url: string): Promise<VerifyLogFigures> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  try {
    const store = await PostgresEventStore.connect(pool);
    await store.close();
    for (let loaded = 0; loaded < EVENTS; loaded += BATCH) {
      const ids: string[] = [];
      const streams: string[] = [];
      const data: string[] = [];
      const metadata: string[] = [];
      for (let i = 0; i < BATCH; i += 1) {
        const id = uuidv7();
        const event = stamp(registered(id, loaded + i));
        ids.push(uuidv7());
        streams.push(`carer-${id}`);
        data.push(JSON.stringify(event.data));
        metadata.push(JSON.stringify(event.metadata));
      }
      await pool.query(
        `insert into es_events (event_id, stream_id, stream_revision, event_type, schema_version, data, metadata)
         select u.id, u.stream, 0, 'CarerRegistered', 1, u.data, u.metadata
         from unnest($1::uuid[], $2::text[], $3::jsonb[], $4::jsonb[]) as u (id, stream, data, metadata)`,
        [ids, streams, data, metadata],
      );
    }
    await pool.query('vacuum analyze es_events');
    let started = now();
    const sealed = await sealAll(pool, { timeoutMs: 600_000 });
    const sealPerSec = sealed.sealed / ((now() - started) / 1000);
    await pool.query('vacuum analyze es_chain');
    // Once to warm the cache (a verification reads what was just written), then timed.
    await verifyLog(pool);
    started = now();
    const result = await verifyLog(pool);
    const verifyLogPerSec = result.checked / ((now() - started) / 1000);
    if (!result.ok || result.checked !== EVENTS)
      throw new Error(`verify-log bench: expected ${EVENTS} intact events, got ${JSON.stringify(result)}`);
    return { verifyLogPerSec, sealPerSec, verifyLogEvents: result.checked };
  } finally {
    await pool.end();
  }
}
