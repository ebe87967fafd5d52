import type pg from 'pg';
import type { EventStore, SubscribeOptions } from '@care/events';
import { READ_MODEL_SCHEMA } from '../read-model/database';

/**
 * After a destruction (docs/decisions/0037-destruction-keeps-the-log-provable.md) no read model may still hold the
 * person. The log no longer hands out their events, so a rebuild of every projection from the log is what removes
 * them, whatever table they were folded into. `read_model.destruction_rebuilds` lists the certificates every
 * read model has been rebuilt after; a certificate missing from it (a destruction while the projector was down, or a
 * crash during the rebuild) makes the next start rebuild everything, so a crash at any instant cannot leave the
 * person in a read model.
 */
const TABLE = `${READ_MODEL_SCHEMA}.destruction_rebuilds`;
export const CERTIFICATE_TYPE = 'RecordsDestroyed';

export async function ensureDestructionRebuildTable(pool: pg.Pool): Promise<void> {
  await pool.query(`create schema if not exists ${READ_MODEL_SCHEMA}`);
  await pool.query(
    `create table if not exists ${TABLE} (certificate_event_id uuid primary key, rebuilt_at timestamptz not null default now())`,
  );
}

/**
 * Certificates in the log that the read models have not been rebuilt after. Destruction exists only on the
 * PostgreSQL store, whose log is in this database; with EventStoreDB there is no es_events here and none are pending.
 */
export async function pendingCertificates(pool: pg.Pool): Promise<string[]> {
  const { rows: has } = await pool.query<{ log: string | null }>(`select to_regclass('es_events')::text as log`);
  if (!has[0]?.log) return [];
  const { rows } = await pool.query<{ id: string }>(
    `select e.event_id::text as id from es_events e
      where e.event_type = $1
        and not exists (select 1 from ${TABLE} d where d.certificate_event_id = e.event_id)`,
    [CERTIFICATE_TYPE],
  );
  return rows.map((row) => row.id);
}

/** Records that every read model has been rebuilt after these certificates. */
export async function markRebuilt(pool: pg.Pool, certificates: readonly string[]): Promise<void> {
  if (certificates.length === 0) return;
  await pool.query(`insert into ${TABLE} (certificate_event_id) select unnest($1::uuid[]) on conflict do nothing`, [
    certificates,
  ]);
}

/** The store as the runner sees it, telling `onCertificate` once a live batch holding a certificate is applied. */
export function watchingCertificates(store: EventStore, onCertificate: () => void): EventStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'subscribe') {
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (options: SubscribeOptions) =>
        target.subscribe({
          ...options,
          onBatch: async (batch) => {
            await options.onBatch(batch);
            if (batch.some((event) => event.type === CERTIFICATE_TYPE)) onCertificate();
          },
        });
    },
  });
}
