import { sql, type Kysely } from 'kysely';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import type { AuditRecordViewView } from '@care/events';
import type { Page } from '../shared/paging';

/** Names of people and records from the read models, for the audit screen's labels and search. */
export class AuditQueries {
  private readonly db: Kysely<ReadModelDatabase>;

  constructor(db: Kysely<ReadModelDatabase>) {
    this.db = db.withSchema(READ_MODEL_SCHEMA);
  }

  async userNames(userIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`]));
  }

  /** Clients, carers and users whose name (or client / employee ID, or email) matches, for the record search. */
  async searchByName(text: string, limit: number): Promise<{ streamId: string; title: string }[]> {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const clients = await this.db
      .selectFrom('clients')
      .select(['id', 'first_name', 'last_name', 'client_id'])
      .where((eb) =>
        eb.or([eb(sql`first_name || ' ' || last_name`, 'ilike', pattern), eb('client_id', 'ilike', pattern)]),
      )
      .orderBy('last_name')
      .orderBy('id')
      .limit(limit)
      .execute();
    const carers = await this.db
      .selectFrom('carers')
      .select(['id', 'first_name', 'last_name', 'employee_id'])
      .where((eb) =>
        eb.or([eb(sql`first_name || ' ' || last_name`, 'ilike', pattern), eb('employee_id', 'ilike', pattern)]),
      )
      .orderBy('last_name')
      .orderBy('id')
      .limit(limit)
      .execute();
    const users = await this.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where((eb) => eb.or([eb(sql`first_name || ' ' || last_name`, 'ilike', pattern), eb('email', 'ilike', pattern)]))
      .orderBy('last_name')
      .orderBy('id')
      .limit(limit)
      .execute();
    return [
      ...clients.map((row) => ({
        streamId: `client-${row.id}`,
        title: `${row.first_name} ${row.last_name} (${row.client_id})`,
      })),
      ...carers.map((row) => ({
        streamId: `carer-${row.id}`,
        title: `${row.first_name} ${row.last_name} (${row.employee_id})`,
      })),
      ...users.map((row) => ({
        streamId: `user-${row.id}`,
        title: `${row.first_name} ${row.last_name} (${row.email})`,
      })),
    ];
  }

  /** The streams in a client's file that existed by the instant (all of them without one). */
  async clientStreams(clientId: string, asOf: Date | undefined): Promise<string[]> {
    let query = this.db.selectFrom('audit_stream_links').select('stream_id').where('client_id', '=', clientId);
    if (asOf) query = query.where('first_at', '<=', asOf);
    const rows = await query.orderBy('stream_id').execute();
    return rows.map((row) => row.stream_id);
  }

  async views(
    streamId: string | undefined,
    page: Page,
  ): Promise<{ rows: (Omit<AuditRecordViewView, 'who'> & { userId: string })[]; total: number }> {
    let query = this.db.selectFrom('audit_record_views');
    if (streamId) query = query.where('stream_id', '=', streamId);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('viewed_at', 'desc')
        .orderBy('event_id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({
        eventId: row.event_id,
        userId: row.user_id,
        view: row.view,
        streamId: row.stream_id,
        clientId: row.client_id,
        asOf: row.as_of ? row.as_of.toISOString() : null,
        viewedAt: row.viewed_at.toISOString(),
      })),
      total: Number(count.total),
    };
  }
}
