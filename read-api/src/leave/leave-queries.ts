import type { Kysely, Selectable } from 'kysely';
import type { LeaveStatus, LeaveView } from '@care/events';
import { READ_MODEL_SCHEMA, type LeaveRequestsTable, type ReadModelDatabase } from '@care/projector';
import { countOf, pageOf, type Page } from '../shared/paging';

export interface LeaveListFilter {
  readonly status?: LeaveStatus | undefined;
  readonly carerId?: string | undefined;
  /** Only leave that shares at least one day with this range (both ends inclusive, either may be left open). */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  /** A carer's own account: only the leave of the carer linked to it. */
  readonly ownUserId?: string | undefined;
}

type Row = Selectable<LeaveRequestsTable> & { first_name: string | null; last_name: string | null };

function toView(row: Row): LeaveView {
  return {
    id: row.id,
    carerId: row.carer_id,
    carerName: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
    kind: row.kind,
    from: row.from_date,
    to: row.to_date,
    dayPart: row.day_part,
    note: row.note,
    status: row.status,
    requestedByUserId: row.requested_by_user_id,
    decidedByUserId: row.decided_by_user_id,
    decidedAt: row.decided_at?.toISOString() ?? null,
    reason: row.reason,
    unassignedAppointmentIds: row.unassigned_appointment_ids,
    revision: String(row.revision),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export class LeaveQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  /**
   * Leave with its carer's name. A carer reads only the leave of the carer record linked to their account (the
   * inner join then holds); staff read every carer's, a removed carer's too (its name from the carers list when kept).
   */
  private leave(ownUserId: string | undefined) {
    const base = this.db.withSchema(READ_MODEL_SCHEMA).selectFrom('leave_requests as l');
    if (ownUserId !== undefined) {
      return base
        .innerJoin('carers as c', 'c.id', 'l.carer_id')
        .where('c.user_id', '=', ownUserId)
        .selectAll('l')
        .select(['c.first_name', 'c.last_name']);
    }
    return base.leftJoin('carers as c', 'c.id', 'l.carer_id').selectAll('l').select(['c.first_name', 'c.last_name']);
  }

  /** One page, the latest leave first, and how many match. */
  async list(filter: LeaveListFilter, page: Page): Promise<{ rows: LeaveView[]; total: number }> {
    let query = this.leave(filter.ownUserId);
    if (filter.status !== undefined) query = query.where('l.status', '=', filter.status);
    if (filter.carerId !== undefined) query = query.where('l.carer_id', '=', filter.carerId);
    // Overlap: the leave ends on or after the range starts, and starts on or before it ends.
    if (filter.from !== undefined) query = query.where('l.to_date', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('l.from_date', '<=', filter.to);
    const [rows, total] = await Promise.all([
      pageOf(query.orderBy('l.from_date', 'desc').orderBy('l.created_at', 'desc').orderBy('l.id'), page),
      countOf(query),
    ]);
    return { rows: rows.map(toView), total };
  }

  async byId(id: string, ownUserId: string | undefined): Promise<LeaveView | undefined> {
    const row = await this.leave(ownUserId).where('l.id', '=', id).executeTakeFirst();
    return row ? toView(row) : undefined;
  }
}
