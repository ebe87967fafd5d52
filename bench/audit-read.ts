import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { PostgresEventStore } from '@care/events/server';
import { READ_MODEL_SCHEMA, projections, type ReadModelDatabase } from '@care/projector';
import { PostgresAuditLog } from '../read-api/src/audit/audit-log';
import { AuditQueries } from '../read-api/src/audit/audit-queries';
import { AuditService } from '../read-api/src/audit/audit-service';
import { now, percentile, round } from './stats';

export interface AuditReadFigures {
  auditTimelineP50Ms: number;
  auditTimelineP99Ms: number;
  clientFileAsOfP50Ms: number;
  clientFileAsOfP99Ms: number;
  auditStoreEvents: number;
}

const BACKGROUND = 1_000_000;
const CLIENT_EVENTS = 2_000;
const VISITS = 300;
const DIARY = 100;
const RUNS = 200;
const YEAR_START = Date.parse('2025-01-01T00:00:00Z');
const YEAR_MS = 365 * 86_400_000;

/**
 * The audit screen's two heavy reads, as the read API's audit service answers them (the view logging, one append,
 * is left out): a client's whole timeline of 2,000 events (`auditTimelineP99Ms`), and that client's whole file as of
 * a random instant of the year (`clientFileAsOfP99Ms`: the client, 300 visits of 4 events and 100 diary entries) in a
 * store of 1,000,000 events. The background events are visits of 5,000 other clients, written with SQL, and each
 * stream's link to its client is in audit_stream_links as the audit projection writes it.
 */
export async function measureAuditReads(url: string): Promise<AuditReadFigures> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = new Kysely<ReadModelDatabase>({ dialect: new PostgresDialect({ pool }) });
  try {
    const store = await PostgresEventStore.connect(pool, { seal: false });
    await store.close();
    await pool.query(`create schema if not exists ${READ_MODEL_SCHEMA}`);
    // The audit projection's tables, and the accounts' (the timeline names who did what).
    for (const name of ['audit', 'users']) {
      const projection = projections.find((candidate) => candidate.name === name)!;
      await projection.schema.create(db.withSchema(READ_MODEL_SCHEMA) as unknown as Kysely<unknown>);
      await projection.schema.indexes?.(db.withSchema(READ_MODEL_SCHEMA) as unknown as Kysely<unknown>);
    }

    // 1,000,000 background events: 250,000 visits of 4 events each, for 5,000 clients, over the year.
    for (let from = 0; from < BACKGROUND / 4; from += 50_000) {
      await pool.query(
        `with visits as (
           select gen_random_uuid() as id, md5('client' || (n % 5000))::uuid as client_id, n
           from generate_series($1::int, $1::int + 49999) n
         ), inserted as (
           insert into es_events (event_id, stream_id, stream_revision, event_type, schema_version, data, metadata)
           select gen_random_uuid(), 'appointment-' || v.id, r, (array['AppointmentScheduled','VisitCheckedIn','VisitCheckedOut','AppointmentDetailsChanged'])[r + 1], 1,
             jsonb_build_object('id', v.id, 'clientId', v.client_id, 'carerId', md5('carer' || (v.n % 300))::uuid, 'scheduledStart', '2025-06-01T10:00:00Z',
               'durationMinutes', 60, 'visitType', 'personal_care', 'notes', 'Helped with breakfast and medication; client in good spirits today.'),
             jsonb_build_object('userId', md5('user')::uuid, 'occurredAt', to_char(timestamptz '2025-01-01' + (v.n * interval '2 minutes') + r * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'correlationId', gen_random_uuid(), 'causationId', gen_random_uuid())
           from visits v, generate_series(0, 3) r
           returning 1
         )
         insert into ${READ_MODEL_SCHEMA}.audit_stream_links (client_id, stream_id, first_at)
         select client_id, 'appointment-' || id, timestamptz '2025-01-01' + (n * interval '2 minutes') from visits`,
        [from],
      );
    }

    // The client audited: 2,000 events on its own record, 300 visits and 100 diary entries naming it.
    const clientId = '0190a5b2-7c3d-7e4f-8a1b-00000000c11e';
    const at = (i: number, of: number) => new Date(YEAR_START + Math.floor((i / of) * YEAR_MS)).toISOString();
    const meta = (occurredAt: string) =>
      JSON.stringify({
        userId: '0190a5b2-7c3d-7e4f-8a1b-000000000001',
        occurredAt,
        correlationId: 'bench',
        causationId: 'bench',
      });
    const rows: [string, number, string, string, string][] = [];
    rows.push([
      `client-${clientId}`,
      0,
      'ClientRegistered',
      JSON.stringify({
        id: clientId,
        clientId: 'CL-BENCH',
        firstName: 'Edith',
        lastName: 'Marsh',
        careLevel: 'low',
        medicalConditions: ['Type 2 diabetes'],
        allergies: [],
      }),
      meta(at(0, CLIENT_EVENTS)),
    ]);
    for (let i = 1; i < CLIENT_EVENTS; i += 1) {
      rows.push([
        `client-${clientId}`,
        i,
        'ClientDetailsChanged',
        JSON.stringify({
          id: clientId,
          changes: { careLevel: ['low', 'medium', 'high'][i % 3], careInstructions: `Instruction version ${i}` },
        }),
        meta(at(i, CLIENT_EVENTS)),
      ]);
    }
    for (let v = 0; v < VISITS; v += 1) {
      const id = `0190a5b2-7c3d-7e4f-8a1b-${String(v).padStart(12, '0')}`;
      for (let r = 0; r < 4; r += 1) {
        rows.push([
          `appointment-${id}`,
          r,
          ['AppointmentScheduled', 'VisitCheckedIn', 'VisitCheckedOut', 'AppointmentDetailsChanged'][r]!,
          JSON.stringify({ id, clientId, notes: `Visit ${v} step ${r}` }),
          meta(at(v * 4 + r, VISITS * 4)),
        ]);
      }
    }
    for (let d = 0; d < DIARY; d += 1) {
      const id = `0190a5b2-7c3d-7e4f-8a1b-d${String(d).padStart(11, '0')}`;
      rows.push([
        `diary-entry-${id}`,
        0,
        'DiaryEntryAdded',
        JSON.stringify({
          id,
          clientId,
          title: `Entry ${d}`,
          content: 'Observed and noted.',
          isConfidential: d % 10 === 0,
        }),
        meta(at(d, DIARY)),
      ]);
    }
    await pool.query(
      `insert into es_events (event_id, stream_id, stream_revision, event_type, schema_version, data, metadata)
       select gen_random_uuid(), s, r, t, 1, d::jsonb, m::jsonb from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[]) as u (s, r, t, d, m)`,
      [
        rows.map((row) => row[0]),
        rows.map((row) => row[1]),
        rows.map((row) => row[2]),
        rows.map((row) => row[3]),
        rows.map((row) => row[4]),
      ],
    );
    const firstAt = new Map<string, string>();
    for (const row of rows)
      if (!firstAt.has(row[0]) && !row[0].startsWith('client-'))
        firstAt.set(row[0], JSON.parse(row[4]).occurredAt as string);
    await db
      .withSchema(READ_MODEL_SCHEMA)
      .insertInto('audit_stream_links')
      .values([...firstAt].map(([stream_id, first_at]) => ({ client_id: clientId, stream_id, first_at })))
      .execute();
    await pool.query('vacuum analyze es_events');
    await pool.query(`vacuum analyze ${READ_MODEL_SCHEMA}.audit_stream_links`);
    const { rows: count } = await pool.query<{ n: string }>('select count(*) as n from es_events');

    const service = new AuditService(new PostgresAuditLog(pool), new AuditQueries(db));
    const timeline: number[] = [];
    const file: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      let started = now();
      const entries = await service.timeline(`client-${clientId}`, { limit: CLIENT_EVENTS, offset: 0 });
      timeline.push(now() - started);
      if (entries?.rows.length !== CLIENT_EVENTS) throw new Error('audit bench: the timeline is not whole');
      started = now();
      const asOf = new Date(YEAR_START + Math.random() * YEAR_MS);
      const view = await service.clientFile(clientId, asOf);
      file.push(now() - started);
      if (!view?.client) throw new Error('audit bench: no client file');
    }
    return {
      auditTimelineP50Ms: round(percentile(timeline, 50), 2),
      auditTimelineP99Ms: round(percentile(timeline, 99), 2),
      clientFileAsOfP50Ms: round(percentile(file, 50), 2),
      clientFileAsOfP99Ms: round(percentile(file, 99), 2),
      auditStoreEvents: Number(count[0]!.n),
    };
  } finally {
    await db.destroy();
  }
}
