import type pg from 'pg';
import {
  accessStreamId,
  carerStreamId,
  clientStreamId,
  eventMetadataSchema,
  START_POSITION,
  type Position,
  type SubjectAccessHistoryEntry,
  type SubjectAccessView,
  type SubjectKind,
  userStreamId,
} from '@care/events';
import type { EventLogSource } from '../shared/event-log-source';

/** Rows read from PostgreSQL per round trip: a large record streams in pages, never all at once, never cut off. */
const PAGE = 500;

export interface Subject {
  readonly kind: SubjectKind;
  readonly id: string;
  readonly reference: string | null;
}

/** What the export is made of, in the order it is written: the heading, each kind's rows, the history, the views. */
export type SubjectAccessPart =
  | {
      readonly part: 'heading';
      readonly name: string;
      readonly generatedBy: { userId: string; name: string | null };
    }
  | { readonly part: 'kind'; readonly kind: string; readonly label: string }
  | { readonly part: 'rows'; readonly rows: readonly Record<string, unknown>[] }
  | { readonly part: 'history'; readonly entries: readonly SubjectAccessHistoryEntry[] }
  | { readonly part: 'views'; readonly entries: readonly SubjectAccessView[] };

/**
 * Read-model tables that are not records about anyone but the product's own bookkeeping, or copies of records
 * exported under their own kind: the audit index and views (the views are their own section), the report
 * projection's per-day copies, and the lookup tables of names and totals.
 */
const LEFT_OUT = [/^audit_/, /^report_/, /^projection_/, /_names$/, /_totals$/, /_counts$/, /^carer_names_test$/];

/** Columns never copied out, whatever table holds them: a secret is not part of anyone's record. */
const SECRET_COLUMN = /password|token|secret|session/i;

/** Plain words for the kinds a person most often asks about; any other table is named by its own name. */
const KIND_LABELS: Readonly<Record<string, string>> = {
  clients: 'Client record',
  carers: 'Carer record',
  users: 'Account (email and role; never a password)',
  access_log: 'Sign-in history',
  appointments: 'Visits',
  appointment_views: 'Visit details',
  diary_entries: 'Diary entries (confidential ones included)',
  diary_entry_versions: 'Earlier versions of diary entries',
  prescriptions: 'Prescriptions',
  prescription_versions: 'Earlier versions of prescriptions',
  medication_records: 'Medication administrations',
  incidents: 'Incidents',
  incident_events: "Incidents' history",
  care_plans: 'Care plans and risk assessments',
  care_plan_versions: 'Care plan versions',
  care_plan_reviews: 'Care plan reviews',
  care_plan_history: "Care plans' history",
  finance_invoices: 'Invoices',
  finance_contracts: 'Contracts',
  finance_client_funding: 'Funding',
  finance_credit_notes: 'Credit notes',
  finance_payslips: 'Payslips',
  voice_notes: 'Voice notes (details; the recordings are not included)',
  alerts: 'Alerts about them',
  feedback: 'Feedback',
  tasks: 'Tasks',
  training_records: 'Training',
  training_compliance: 'Training compliance',
  agency_settings_changes: 'Settings changes made from their account',
  leave_requests: 'Leave',
  carer_working_patterns: 'Working pattern',
  shifts: 'Shifts',
  family_access: 'Family portal access',
  family_concerns: 'Concerns and compliments from their family, with the replies',
};

export const kindLabel = (kind: string): string => KIND_LABELS[kind] ?? kind.replaceAll('_', ' ');

interface Match {
  readonly column: string;
  readonly value: string;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A person's whole record, read in one REPEATABLE READ READ ONLY transaction so every part agrees: each read-model
 * table with a column naming them (client_id for a client; carer_id or their account's user_id for a carer) and
 * their own row, each through a cursor in pages; then every event on their streams or whose data names them, oldest
 * first; then who viewed their records. The connection is given back when the generator ends or is abandoned (a
 * download cancelled half way).
 */
export async function* subjectAccessParts(
  pool: pg.Pool,
  eventLog: EventLogSource,
  subject: Subject,
  requestedBy: string,
): AsyncGenerator<SubjectAccessPart> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const names = new UserNames(client);
    const accountId = subject.kind === 'carer' ? await carerAccount(client, subject.id) : null;
    yield {
      part: 'heading',
      name: await subjectName(client, eventLog, subject),
      generatedBy: { userId: requestedBy, name: await names.of(requestedBy) },
    };

    for (const { table, matches } of await subjectTables(client, subject, accountId)) {
      yield { part: 'kind', kind: table, label: kindLabel(table) };
      const where = matches.map((match) => `t.${quoteIdent(match.column)} = ${client.escapeLiteral(match.value)}`);
      const order = await primaryKey(client, table);
      await client.query(
        `DECLARE subject_rows NO SCROLL CURSOR FOR SELECT to_jsonb(t) AS row FROM read_model.${quoteIdent(table)} t
          WHERE ${where.join(' OR ')} ORDER BY ${order.map((column) => `t.${quoteIdent(column)}`).join(', ') || '1'}`,
      );
      for (;;) {
        const { rows } = await client.query<{ row: Record<string, unknown> }>(`FETCH ${PAGE} FROM subject_rows`);
        if (rows.length === 0) break;
        yield { part: 'rows', rows: rows.map(({ row }) => withoutSecrets(row)) };
      }
      await client.query('CLOSE subject_rows');
    }

    const streams = subjectStreams(subject, accountId);
    const ids = [subject.id, ...(accountId ? [accountId] : [])];
    for await (const events of historyPages(client, eventLog, streams, ids)) {
      const entries: SubjectAccessHistoryEntry[] = [];
      for (const event of events)
        entries.push({
          eventId: event.eventId,
          type: event.type,
          time: event.time,
          who: { userId: event.userId, name: await names.of(event.userId) },
          streamId: event.streamId,
          data: event.data,
        });
      yield { part: 'history', entries };
    }

    for await (const rows of viewPages(client, subject, streams)) {
      const entries: SubjectAccessView[] = [];
      for (const row of rows)
        entries.push({
          who: { userId: row.user_id, name: await names.of(row.user_id) },
          view: row.view,
          streamId: row.stream_id,
          time: row.viewed_at.toISOString(),
        });
      yield { part: 'views', entries };
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

function withoutSecrets(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !SECRET_COLUMN.test(column)));
}

/** The subject's own streams: their record, and for a carer their account's. */
function subjectStreams(subject: Subject, accountId: string | null): string[] {
  if (subject.kind === 'client') return [clientStreamId(subject.id)];
  return [carerStreamId(subject.id), ...(accountId ? [userStreamId(accountId), accessStreamId(accountId)] : [])];
}

async function carerAccount(client: pg.PoolClient, carerId: string): Promise<string | null> {
  const { rows } = await client.query<{ user_id: string | null }>(
    'SELECT user_id FROM read_model.carers WHERE id = $1',
    [carerId],
  );
  return rows[0]?.user_id ?? null;
}

/** The name on their record now; for a record removed from the lists, the last name its events gave. */
async function subjectName(client: pg.PoolClient, eventLog: EventLogSource, subject: Subject): Promise<string> {
  const table = subject.kind === 'client' ? 'clients' : 'carers';
  const { rows } = await client.query<{ first_name: string; last_name: string }>(
    `SELECT first_name, last_name FROM read_model.${table} WHERE id = $1`,
    [subject.id],
  );
  if (rows[0]) return `${rows[0].first_name} ${rows[0].last_name}`;
  const stream = subject.kind === 'client' ? clientStreamId(subject.id) : carerStreamId(subject.id);
  const events =
    eventLog.kind === 'postgres'
      ? (
          await client.query<{ data: unknown }>(
            'SELECT data FROM es_events WHERE stream_id = $1 ORDER BY stream_revision',
            [stream],
          )
        ).rows
      : await eventLog.store.readStream(stream);
  let name = '';
  for (const { data } of events) {
    const { firstName, lastName } = (data ?? {}) as { firstName?: unknown; lastName?: unknown };
    if (typeof firstName === 'string' && typeof lastName === 'string') name = `${firstName} ${lastName}`;
  }
  return name || `${subject.kind} ${subject.id}`;
}

/** Every read-model table with a column that names the subject, and which columns (the catalogue, not a list). */
async function subjectTables(
  client: pg.PoolClient,
  subject: Subject,
  accountId: string | null,
): Promise<{ table: string; matches: Match[] }[]> {
  const byColumn: Record<string, string> =
    subject.kind === 'client'
      ? { client_id: subject.id }
      : { carer_id: subject.id, ...(accountId ? { user_id: accountId } : {}) };
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'read_model' AND t.table_type = 'BASE TABLE' AND c.column_name = ANY($1::text[])
      ORDER BY c.table_name, c.column_name`,
    [Object.keys(byColumn)],
  );
  const tables = new Map<string, Match[]>();
  // Their own row first: the record the request is about, then (a carer) their account.
  if (subject.kind === 'client') tables.set('clients', [{ column: 'id', value: subject.id }]);
  else {
    tables.set('carers', [{ column: 'id', value: subject.id }]);
    if (accountId) tables.set('users', [{ column: 'id', value: accountId }]);
  }
  for (const { table_name: table, column_name: column } of rows) {
    if (LEFT_OUT.some((pattern) => pattern.test(table))) continue;
    const matches = tables.get(table) ?? [];
    matches.push({ column, value: byColumn[column]! });
    tables.set(table, matches);
  }
  return [...tables].map(([table, matches]) => ({ table, matches }));
}

async function primaryKey(client: pg.PoolClient, table: string): Promise<string[]> {
  const { rows } = await client.query<{ column: string }>(
    `SELECT a.attname AS column FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = to_regclass($1) AND i.indisprimary ORDER BY a.attnum`,
    [`read_model.${quoteIdent(table)}`],
  );
  return rows.map((row) => row.column);
}

interface HistoryEvent {
  readonly eventId: string;
  readonly streamId: string;
  readonly type: string;
  readonly time: string;
  readonly userId: string;
  readonly data: unknown;
}

/**
 * Events on the subject's streams or whose data names one of their ids, oldest first, a page at a time. PostgreSQL
 * finds them in one scan through a cursor; EventStoreDB is read from the start in pages and filtered here.
 */
async function* historyPages(
  client: pg.PoolClient,
  eventLog: EventLogSource,
  streams: readonly string[],
  ids: readonly string[],
): AsyncGenerator<HistoryEvent[]> {
  const names = (data: unknown) => {
    const text = JSON.stringify(data ?? null);
    return ids.some((id) => text.includes(id));
  };
  if (eventLog.kind === 'eventstoredb') {
    let after: Position = START_POSITION;
    for (;;) {
      const events = await eventLog.store.readAll(after, PAGE);
      if (events.length === 0) return;
      after = events.at(-1)!.position;
      const page = events
        .filter((event) => streams.includes(event.streamId) || names(event.data))
        .map((event) => {
          const metadata = eventMetadataSchema.safeParse(event.metadata);
          return {
            eventId: event.eventId,
            streamId: event.streamId,
            type: event.type,
            time: metadata.success ? metadata.data.occurredAt : '',
            userId: metadata.success ? metadata.data.userId : 'unknown',
            data: event.data,
          };
        });
      if (page.length > 0) yield page;
    }
  }
  const like = ids.map((id) => client.escapeLiteral(`%${id}%`));
  await client.query(
    `DECLARE subject_history NO SCROLL CURSOR FOR
       SELECT event_id, stream_id, event_type, data, metadata FROM es_events
        WHERE stream_id = ANY(ARRAY[${streams.map((stream) => client.escapeLiteral(stream)).join(', ')}]::text[])
           OR ${like.map((pattern) => `data::text LIKE ${pattern}`).join(' OR ')}
        ORDER BY transaction_id, sequence`,
  );
  for (;;) {
    const { rows } = await client.query<{
      event_id: string;
      stream_id: string;
      event_type: string;
      data: unknown;
      metadata: { userId?: string; occurredAt?: string };
    }>(`FETCH ${PAGE} FROM subject_history`);
    if (rows.length === 0) break;
    yield rows.map((row) => ({
      eventId: row.event_id,
      streamId: row.stream_id,
      type: row.event_type,
      time: row.metadata.occurredAt ?? '',
      userId: row.metadata.userId ?? 'unknown',
      data: row.data,
    }));
  }
  await client.query('CLOSE subject_history');
}

/**
 * Who viewed their records, oldest first: views of their own streams, of a client's file, and of any record in a
 * client's file (the audit projection's index of it), including earlier subject access exports.
 */
async function* viewPages(
  client: pg.PoolClient,
  subject: Subject,
  streams: readonly string[],
): AsyncGenerator<{ user_id: string; view: string; stream_id: string | null; viewed_at: Date }[]> {
  const streamList = `ARRAY[${streams.map((stream) => client.escapeLiteral(stream)).join(', ')}]::text[]`;
  const id = client.escapeLiteral(subject.id);
  const filter =
    subject.kind === 'client'
      ? `v.client_id = ${id} OR v.stream_id = ANY(${streamList})
         OR v.stream_id IN (SELECT l.stream_id FROM read_model.audit_stream_links l WHERE l.client_id = ${id})`
      : `v.stream_id = ANY(${streamList})`;
  await client.query(
    `DECLARE subject_views NO SCROLL CURSOR FOR
       SELECT v.user_id, v.view, v.stream_id, v.viewed_at FROM read_model.audit_record_views v
        WHERE ${filter} ORDER BY v.viewed_at, v.event_id`,
  );
  for (;;) {
    const { rows } = await client.query<{ user_id: string; view: string; stream_id: string | null; viewed_at: Date }>(
      `FETCH ${PAGE} FROM subject_views`,
    );
    if (rows.length === 0) break;
    yield rows;
  }
  await client.query('CLOSE subject_views');
}

/** Account names, looked up once each: the history and views say who, in words. */
class UserNames {
  private readonly known = new Map<string, string | null>();
  constructor(private readonly client: pg.PoolClient) {}

  async of(userId: string): Promise<string | null> {
    if (this.known.has(userId)) return this.known.get(userId) ?? null;
    const { rows } = /^[0-9a-f-]{36}$/i.test(userId)
      ? await this.client.query<{ name: string }>(
          `SELECT first_name || ' ' || last_name AS name FROM read_model.users WHERE id = $1`,
          [userId],
        )
      : { rows: [] };
    const name = rows[0]?.name ?? null;
    this.known.set(userId, name);
    return name;
  }
}
