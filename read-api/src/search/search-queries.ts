import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import {
  ROLE_LABELS,
  SEARCH_KIND_LABELS,
  type SearchGroupView,
  type SearchHitView,
  type SearchKind,
} from '@care/events';
import {
  CARER_SEARCH_COLUMNS,
  CLIENT_SEARCH_COLUMNS,
  READ_MODEL_SCHEMA,
  searchTextOf,
  USER_SEARCH_COLUMNS,
  type ReadModelDatabase,
} from '@care/projector';
import { likePattern } from '../shared/like-pattern';
import { countOf } from '../shared/paging';

/** What one reader may find: each kind is left out unless the reader may read it, and narrowed to what they may. */
export interface SearchScope {
  /** users.manage: every account. */
  readonly users: boolean;
  /** carers.read: every carer; `own`: only the carer record linked to this account (carers.readOwn); false: none. */
  readonly carers: false | { readonly own: string | null };
  /** clients.read, narrowed by the carer-work where-clause on `client.id` (every client for staff). */
  readonly clients: false | RawBuilder<SqlBool>;
}

const joined = (...parts: (string | null)[]) =>
  parts.filter((part): part is string => !!part && part.trim() !== '').join(' · ');

/**
 * The header's global search: the same ILIKE over the same joined text each list's search uses, so the trigram
 * index of each projection serves it (users_search, carers_search, clients_search). Each group answers its first
 * `perGroup` rows in the list's own order and how many match.
 */
export class SearchQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  private get read() {
    return this.db.withSchema(READ_MODEL_SCHEMA);
  }

  async search(text: string, perGroup: number, scope: SearchScope): Promise<SearchGroupView[]> {
    const pattern = likePattern(text);
    const groups: Promise<SearchGroupView>[] = [];
    if (scope.users) groups.push(this.users(pattern, perGroup));
    if (scope.carers) groups.push(this.carers(pattern, perGroup, scope.carers.own));
    if (scope.clients) groups.push(this.clients(pattern, perGroup, scope.clients));
    return Promise.all(groups);
  }

  private async users(pattern: string, limit: number): Promise<SearchGroupView> {
    const matching = this.read.selectFrom('users as u').where(searchTextOf(USER_SEARCH_COLUMNS, 'u'), 'ilike', pattern);
    const [rows, total] = await Promise.all([
      matching
        .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.role', 'u.is_active'])
        .orderBy('u.last_name')
        .orderBy('u.first_name')
        .orderBy('u.id')
        .limit(limit)
        .execute(),
      countOf(matching),
    ]);
    return group(
      'users',
      total,
      rows.map((row) => ({
        id: row.id,
        title: `${row.first_name} ${row.last_name}`,
        detail: joined(row.email, ROLE_LABELS[row.role], row.is_active ? null : 'Deactivated'),
        key: row.email,
      })),
    );
  }

  private async carers(pattern: string, limit: number, own: string | null): Promise<SearchGroupView> {
    let matching = this.read.selectFrom('carers as c').where(searchTextOf(CARER_SEARCH_COLUMNS, 'c'), 'ilike', pattern);
    // A carer finds only their own record; with no account to match, nothing.
    if (own !== null) matching = matching.where('c.user_id', '=', own);
    const [rows, total] = await Promise.all([
      matching
        .select(['c.id', 'c.first_name', 'c.last_name', 'c.employee_id', 'c.region', 'c.is_active'])
        .orderBy('c.last_name')
        .orderBy('c.first_name')
        .orderBy('c.id')
        .limit(limit)
        .execute(),
      countOf(matching),
    ]);
    return group(
      'carers',
      total,
      rows.map((row) => ({
        id: row.id,
        title: `${row.first_name} ${row.last_name}`,
        detail: joined(row.employee_id, row.region, row.is_active ? null : 'Inactive'),
        key: row.employee_id,
      })),
    );
  }

  private async clients(pattern: string, limit: number, visible: RawBuilder<SqlBool>): Promise<SearchGroupView> {
    const matching = this.read
      .selectFrom('clients as client')
      .where(visible)
      .where(searchTextOf(CLIENT_SEARCH_COLUMNS, 'client'), 'ilike', pattern);
    const [rows, total] = await Promise.all([
      matching
        .select([
          'client.id',
          'client.first_name',
          'client.last_name',
          'client.client_id',
          'client.address',
          'client.is_active',
        ])
        .orderBy('client.last_name')
        .orderBy('client.first_name')
        .orderBy('client.id')
        .limit(limit)
        .execute(),
      countOf(matching),
    ]);
    return group(
      'clients',
      total,
      rows.map((row) => ({
        id: row.id,
        title: `${row.first_name} ${row.last_name}`,
        detail: joined(row.client_id, row.address, row.is_active ? null : 'Inactive'),
        key: row.client_id,
      })),
    );
  }
}

function group(kind: SearchKind, total: number, hits: SearchHitView[]): SearchGroupView {
  return { kind, label: SEARCH_KIND_LABELS[kind], total, hits };
}
