import { sql, type Kysely, type Selectable } from 'kysely';
import { DEFAULT_TRAVEL_MODE, penceToPounds, TRAVEL_MODES, type CarerAccountView, type CarerView } from '@care/events';
import {
  CARER_SEARCH_COLUMNS,
  READ_MODEL_SCHEMA,
  searchTextOf,
  type CarersTable,
  type ReadModelDatabase,
} from '@care/projector';
import { likePattern } from '../shared/like-pattern';
import { countOf, pageOf, type Page } from '../shared/paging';

type CarerRow = Selectable<CarersTable> & { account: CarerAccountView | null; on_leave_today: boolean };

function toView(row: CarerRow): CarerView {
  return {
    id: row.id,
    userId: row.user_id,
    account: row.account,
    employeeId: row.employee_id,
    specialization: row.specialization,
    qualifications: row.qualifications,
    phoneNumber: row.phone_number,
    emergencyContact: row.emergency_contact,
    emergencyPhone: row.emergency_phone,
    address: row.address,
    dateOfBirth: row.date_of_birth,
    startDate: row.start_date,
    hourlyRate: row.hourly_rate_pence === null ? null : penceToPounds(row.hourly_rate_pence),
    maxClientsPerDay: row.max_clients_per_day,
    isActive: row.is_active,
    onLeaveToday: row.on_leave_today,
    notes: row.notes,
    travelMode: TRAVEL_MODES.find((mode) => mode === row.travel_mode) ?? DEFAULT_TRAVEL_MODE,
    revision: String(row.revision),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    user: { firstName: row.first_name, lastName: row.last_name, email: row.email, region: row.region },
  };
}

export interface CarerListFilter {
  readonly search?: string | undefined;
  readonly active?: boolean | undefined;
  /** A carer's own account: only the carer record linked to it. */
  readonly ownUserId?: string | undefined;
}

export class CarerQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  /**
   * Each carer with the account linked to it (from the users table), so the card can say who signs in as them.
   * A subquery rather than a join keeps the carers' own columns unqualified in every filter.
   */
  private carers() {
    return this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('carers')
      .selectAll('carers')
      .select([
        sql<CarerAccountView | null>`(select json_build_object('id', u.id, 'email', u.email, 'firstName', u.first_name, 'lastName', u.last_name)
           from ${sql.table(`${READ_MODEL_SCHEMA}.users`)} u where u.id = carers.user_id)`.as('account'),
        // Today in London, taken at query time: leave starts and ends with the date, not with an event.
        sql<boolean>`exists (select 1 from ${sql.table(`${READ_MODEL_SCHEMA}.leave_requests`)} l
           where l.carer_id = carers.id and l.status = 'approved'
             and l.from_date <= (now() at time zone 'Europe/London')::date
             and l.to_date >= (now() at time zone 'Europe/London')::date)`.as('on_leave_today'),
      ]);
  }

  /**
   * Accounts with the carer role that no carer record is linked to, plus the one linked to `carerId` if given:
   * the choices of the carer form's account select (admins).
   */
  async linkableAccounts(carerId?: string): Promise<CarerAccountView[]> {
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('users')
      .select(['users.id', 'users.email', 'users.first_name', 'users.last_name'])
      .where('users.role', '=', 'carer')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('carers as linked')
              .select('linked.id')
              .whereRef('linked.user_id', '=', 'users.id')
              .$if(carerId !== undefined, (query) => query.where('linked.id', '<>', carerId!)),
          ),
        ),
      )
      .orderBy('users.last_name')
      .orderBy('users.first_name')
      .orderBy('users.id')
      .execute();
    return rows.map((row) => ({ id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name }));
  }

  /**
   * Sorted by surname then first name; `search` matches name, employee ID or region; `active` keeps active
   * (true) or inactive (false) carers.
   * `ownUserId` limits the list to the carer record linked to that account (role carer). One page, and how
   * many match.
   */
  async list(filter: CarerListFilter, page: Page): Promise<{ rows: CarerView[]; total: number }> {
    const { search, active, ownUserId } = filter;
    let query = this.carers();
    if (active !== undefined) query = query.where('is_active', '=', active);
    if (ownUserId !== undefined) query = query.where('user_id', '=', ownUserId);
    // One text (name, employee ID, region), the expression the projection's trigram index covers.
    if (search) query = query.where(searchTextOf(CARER_SEARCH_COLUMNS), 'ilike', likePattern(search));
    const [rows, total] = await Promise.all([
      pageOf(query.orderBy('last_name').orderBy('first_name').orderBy('id'), page),
      countOf(query),
    ]);
    return { rows: rows.map(toView), total };
  }

  async byId(id: string): Promise<CarerView | undefined> {
    const row = await this.carers().where('id', '=', id).executeTakeFirst();
    return row ? toView(row) : undefined;
  }

  async activeCount(): Promise<number> {
    const row = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('carers')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('is_active', '=', true)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
