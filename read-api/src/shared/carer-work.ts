import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { can, carerWindowRange, DEFAULT_CARER_WINDOW, londonToday, type CarerWindow, type Role } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';

/**
 * Data minimisation (UK GDPR, Caldicott; docs/decisions/0014-carer-scope.md): a carer reads a client's record, and
 * the diary entries and voice notes about that client, only while the client is on one of their visits in a window
 * around today. Whoever reads every visit (appointments.read: admins, coordinators) reads every client.
 */
// The window is shared with the command API, which applies the same rule to what a carer writes.
export { DEFAULT_CARER_WINDOW, type CarerWindow };

/** Everything, or what one carer's work needs. */
export type ReadScope = { readonly kind: 'all' } | { readonly kind: 'carer'; readonly userId: string };

export function readScopeOf(session: { readonly userId: string; readonly role: Role }): ReadScope {
  return can(session.role, 'appointments.read') ? { kind: 'all' } : { kind: 'carer', userId: session.userId };
}

const everything = sql<SqlBool>`true`;

export class CarerWork {
  constructor(
    private readonly db: Kysely<ReadModelDatabase>,
    readonly window: CarerWindow = DEFAULT_CARER_WINDOW,
  ) {}

  /** The first and last London dates of the window, today being `today`. */
  range(today: string = londonToday()): { from: string; to: string } {
    return carerWindowRange(this.window, today);
  }

  /**
   * The clients on the carer's visits in the window (cancelled visits left out: nobody goes). The carer is the
   * record whose account is theirs (appointment_carer_names.user_id, which follows links and unlinks).
   */
  private clientIds(userId: string) {
    return this.visitsInWindow()
      .select('work.client_id')
      .where((eb) =>
        eb(
          'work.carer_id',
          'in',
          eb.selectFrom('appointment_carer_names as me').select('me.id').where('me.user_id', '=', userId),
        ),
      );
  }

  /** The visits, as `work`, that open their clients' records to their carer today. */
  private visitsInWindow() {
    const { from, to } = this.range();
    return this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('appointments as work')
      .where('work.date', '>=', from)
      .where('work.date', '<=', to)
      .where('work.status', '<>', 'cancelled');
  }

  /**
   * The clients each of several carers' accounts may read (user_id, client_id), by the rule of `client`, in one
   * query: the live push asks it once for every carer connected rather than once per carer.
   */
  workClients(userIds: readonly string[]) {
    return this.visitsInWindow()
      .innerJoin('appointment_carer_names as me', 'me.id', 'work.carer_id')
      .where('me.user_id', 'in', [...userIds])
      .select(['me.user_id', 'work.client_id'])
      .distinct();
  }

  /** A where-clause: the client named by `clientColumn` is one the reader may read. */
  client(scope: ReadScope, clientColumn: string): RawBuilder<SqlBool> {
    if (scope.kind === 'all') return everything;
    return sql<SqlBool>`${sql.ref(clientColumn)} in (${this.clientIds(scope.userId)})`;
  }

  /** A where-clause for a record about a client with an author: the reader wrote it, or may read the client. */
  authoredOrAbout(scope: ReadScope, authorColumn: string, clientColumn: string): RawBuilder<SqlBool> {
    if (scope.kind === 'all') return everything;
    return sql<SqlBool>`(${sql.ref(authorColumn)}::text = ${scope.userId} or ${this.client(scope, clientColumn)})`;
  }
}
