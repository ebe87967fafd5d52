import type pg from 'pg';
import type { RetentionReviewRow, RetentionReviewView } from '@care/events';
import { READ_MODEL_SCHEMA } from '@care/projector';
import type { Page } from '../shared/paging';

/** The instant N years before `now`. */
export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/**
 * The record retention review list: clients and carers inactive since before the cutoff (their last change, the
 * deactivation or later, is older than the retention years), and clients and carers deleted before it. Deleted
 * records are gone from the lists, so they are found in the event log (`es_events`: the removal, and the name they
 * were registered with); a store without that table (EventStoreDB) lists the inactive ones only. Oldest first.
 */
export class RetentionQueries {
  constructor(private readonly pool: pg.Pool) {}

  async review(years: number, page: Page, now = new Date()): Promise<RetentionReviewView> {
    const cutoff = retentionCutoff(now, years);
    const hasLog = (await this.pool.query<{ t: string | null }>(`SELECT to_regclass('es_events')::text AS t`)).rows[0]?.t;
    const parts = [
      `SELECT 'client' AS kind, id::text AS id, client_id AS reference, first_name || ' ' || last_name AS name, 'inactive' AS status, updated_at AS since
         FROM ${READ_MODEL_SCHEMA}.clients WHERE NOT is_active AND updated_at < $1`,
      `SELECT 'carer', id::text, employee_id, first_name || ' ' || last_name, 'inactive', updated_at
         FROM ${READ_MODEL_SCHEMA}.carers WHERE NOT is_active AND updated_at < $1`,
    ];
    if (hasLog) {
      parts.push(
        `SELECT 'client', r.data->>'id', reg.data->>'clientId', (reg.data->>'firstName') || ' ' || (reg.data->>'lastName'), 'deleted', r.recorded_at
           FROM es_events r LEFT JOIN es_events reg ON reg.stream_id = r.stream_id AND reg.event_type = 'ClientRegistered'
          WHERE r.event_type = 'ClientRemoved' AND r.recorded_at < $1`,
        `SELECT 'carer', r.data->>'carerId', reg.data->>'employeeId', (reg.data->>'firstName') || ' ' || (reg.data->>'lastName'), 'deleted', r.recorded_at
           FROM es_events r LEFT JOIN es_events reg ON reg.stream_id = r.stream_id AND reg.event_type = 'CarerRegistered'
          WHERE r.event_type = 'CarerRemoved' AND r.recorded_at < $1`,
      );
    }
    const all = parts.join('\nUNION ALL\n');
    const [rows, total] = await Promise.all([
      this.pool.query<{ kind: RetentionReviewRow['kind']; id: string; reference: string | null; name: string | null; status: RetentionReviewRow['status']; since: Date }>(
        `SELECT * FROM (${all}) AS review ORDER BY since, kind, id LIMIT $2 OFFSET $3`,
        [cutoff.toISOString(), page.limit, page.offset],
      ),
      this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM (${all}) AS review`, [cutoff.toISOString()]),
    ]);
    return {
      years,
      cutoff: cutoff.toISOString(),
      rows: rows.rows.map((row) => ({ ...row, since: new Date(row.since).toISOString() })),
      total: Number(total.rows[0]!.n),
    };
  }
}
