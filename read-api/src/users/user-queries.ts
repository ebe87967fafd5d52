import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { AccessLogEntryView, AuthUserView, ListOrder, UserSort, UserView } from '@care/events';
import type { Session } from '@care/events/server';
import { READ_MODEL_SCHEMA, type ReadModelDatabase, type UsersTable } from '@care/projector';
import { countOf, pageOf, type Page } from '../shared/paging';

/**
 * The whole list in the order asked, then by name and id, so pages never overlap or skip. Status ascending is
 * active first (as the table reads "Active" before "Inactive"); an account never signed in is last either way.
 */
function ordered<O>(
  query: SelectQueryBuilder<ReadModelDatabase, 'users', O>,
  { sort, direction }: ListOrder<UserSort>,
) {
  const byName = (q: SelectQueryBuilder<ReadModelDatabase, 'users', O>) =>
    q.orderBy('last_name', direction).orderBy('first_name', direction).orderBy('id', direction);
  switch (sort) {
    case 'name':
      return byName(query);
    case 'email':
      return query.orderBy('email', direction).orderBy('id', direction);
    case 'role':
      return byName(query.orderBy('role', direction));
    case 'status':
      return byName(query.orderBy('is_active', direction === 'asc' ? 'desc' : 'asc'));
    case 'lastSignIn':
      return byName(query.orderBy(sql`last_sign_in_at ${sql.raw(direction)} nulls last`));
  }
}

function toView(row: Selectable<UsersTable>): UserView {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    region: row.region,
    profileImageUrl: row.profile_image_url,
    isActive: row.is_active,
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
    revision: String(row.revision),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export class UserQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  private schema() {
    return this.db.withSchema(READ_MODEL_SCHEMA);
  }

  /** One page by surname, and how many match; `active` keeps only active (true) or deactivated (false) accounts. */
  async list(
    active: boolean | undefined,
    order: ListOrder<UserSort>,
    page: Page,
  ): Promise<{ rows: UserView[]; total: number }> {
    let query = this.schema().selectFrom('users').selectAll();
    if (active !== undefined) query = query.where('is_active', '=', active);
    const [rows, total] = await Promise.all([pageOf(ordered(query, order), page), countOf(query)]);
    return { rows: rows.map(toView), total };
  }

  /**
   * The signed-in user. Role (and so isAdmin) comes from the session, fixed at sign-in by the
   * command API from the account's stream; a role change ends the session. The profile comes from
   * the read model when it has the account, else from the session's copy.
   */
  async current(session: Session): Promise<AuthUserView> {
    const row = await this.schema().selectFrom('users').selectAll().where('id', '=', session.userId).executeTakeFirst();
    return {
      id: session.userId,
      email: row?.email ?? session.email,
      firstName: row?.first_name ?? session.firstName,
      lastName: row?.last_name ?? session.lastName,
      role: session.role,
      region: row?.region ?? null,
      profileImageUrl: row?.profile_image_url ?? null,
      isAdmin: session.role === 'admin',
    };
  }

  /** One page of the access log, newest first, with the account's name and email where an entry names one; and the total. */
  async accessLog(page: Page): Promise<{ rows: AccessLogEntryView[]; total: number }> {
    const query = this.schema()
      .selectFrom('access_log as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'a.event_id',
        'a.type',
        'a.user_id',
        'a.email',
        'a.reason',
        'a.ip_address',
        'a.user_agent',
        'a.occurred_at',
        'u.email as user_email',
        'u.first_name',
        'u.last_name',
      ]);
    const [rows, total] = await Promise.all([
      pageOf(query.orderBy('a.occurred_at', 'desc').orderBy('a.event_id', 'desc'), page),
      countOf(query),
    ]);
    return {
      total,
      rows: rows.map((row) => ({
        id: row.event_id,
        type: row.type,
        userId: row.user_id,
        email: row.user_email ?? row.email,
        name: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
        reason: row.reason,
        ipAddress: row.ip_address,
        userAgent: row.user_agent,
        occurredAt: row.occurred_at.toISOString(),
      })),
    };
  }
}
