import type pg from 'pg';
import { MEDICATION_RECORD_RETENTION_YEARS, type RetentionReviewRow, type RetentionReviewView } from '@care/events';
import { READ_MODEL_SCHEMA } from '@care/projector';
import type { Page } from '../shared/paging';
import type { EventLogSource } from '../shared/event-log-source';

/** The instant N years before `now`. */
export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/**
 * The record retention review list: clients and carers inactive since before the cutoff (their last change, the
 * deactivation or later, is older than the retention years), and clients and carers deleted before it. Deleted
 * records are gone from the lists, so they are found in the PostgreSQL event log (`es_events`: the removal, and the
 * name they were registered with); on EventStoreDB (no SQL over its log) the review lists the inactive ones and says
 * so (`deletedRecordsListed`). Oldest first.
 * A client with medication records waits for at least 8 years whatever the setting (MEDICATION_RECORD_RETENTION_YEARS).
 */
export class RetentionQueries {
  constructor(
    private readonly pool: pg.Pool,
    private readonly eventLog: EventLogSource,
  ) {}

  async review(years: number, page: Page, now = new Date()): Promise<RetentionReviewView> {
    const cutoff = retentionCutoff(now, years);
    const medicationCutoff = retentionCutoff(now, Math.max(years, MEDICATION_RECORD_RETENTION_YEARS));
    const hasLog = this.eventLog.kind === 'postgres';
    // $1 the general cutoff, $2 the medication records' one: a client with a prescription is listed once both passed.
    const noMedicationsSince = (clientId: string, since: string) =>
      `(${since} < $2 OR NOT EXISTS (SELECT 1 FROM ${READ_MODEL_SCHEMA}.prescriptions p WHERE p.client_id = ${clientId}))`;
    const parts = [
      `SELECT 'client' AS kind, id::text AS id, client_id AS reference, first_name || ' ' || last_name AS name, 'inactive' AS status, updated_at AS since,
              NOT ${noMedicationsSince('clients.id', 'updated_at')} AS held
         FROM ${READ_MODEL_SCHEMA}.clients WHERE NOT is_active AND updated_at < $1`,
      `SELECT 'carer', id::text, employee_id, first_name || ' ' || last_name, 'inactive', updated_at, false
         FROM ${READ_MODEL_SCHEMA}.carers WHERE NOT is_active AND updated_at < $1`,
    ];
    if (hasLog) {
      parts.push(
        `SELECT 'client', r.data->>'id', reg.data->>'clientId', (reg.data->>'firstName') || ' ' || (reg.data->>'lastName'), 'deleted', r.recorded_at,
                NOT ${noMedicationsSince("(r.data->>'id')::uuid", 'r.recorded_at')}
           FROM es_events r LEFT JOIN es_events reg ON reg.stream_id = r.stream_id AND reg.event_type = 'ClientRegistered'
          WHERE r.event_type = 'ClientRemoved' AND r.recorded_at < $1`,
        `SELECT 'carer', r.data->>'carerId', reg.data->>'employeeId', (reg.data->>'firstName') || ' ' || (reg.data->>'lastName'), 'deleted', r.recorded_at, false
           FROM es_events r LEFT JOIN es_events reg ON reg.stream_id = r.stream_id AND reg.event_type = 'CarerRegistered'
          WHERE r.event_type = 'CarerRemoved' AND r.recorded_at < $1`,
      );
    }
    const all = parts.join('\nUNION ALL\n');
    const params = [cutoff.toISOString(), medicationCutoff.toISOString()];
    const [rows, counts] = await Promise.all([
      this.pool.query<{
        kind: RetentionReviewRow['kind'];
        id: string;
        reference: string | null;
        name: string | null;
        status: RetentionReviewRow['status'];
        since: Date;
      }>(
        `SELECT kind, id, reference, name, status, since FROM (${all}) AS review WHERE NOT held ORDER BY since, kind, id LIMIT $3 OFFSET $4`,
        [...params, page.limit, page.offset],
      ),
      this.pool.query<{ listed: string; held: string }>(
        `SELECT count(*) FILTER (WHERE NOT held) AS listed, count(*) FILTER (WHERE held) AS held FROM (${all}) AS review`,
        params,
      ),
    ]);
    return {
      years,
      medicationRetentionYears: MEDICATION_RECORD_RETENTION_YEARS,
      heldForMedication: Number(counts.rows[0]!.held),
      cutoff: cutoff.toISOString(),
      rows: rows.rows.map((row) => ({ ...row, since: new Date(row.since).toISOString() })),
      total: Number(counts.rows[0]!.listed),
      deletedRecordsListed: hasLog,
    };
  }
}
