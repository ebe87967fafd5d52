import type { Selectable } from 'kysely';
import { leaveSliceEvents } from '@care/events';
import type { Projection } from '../projection';
import { anyUuid, writeRows } from '../shared/bulk-rows';
import { foldBatch, iso, isoOrNull } from '../shared/fold-batch';
import { evolveLeaveRecord, type LeaveRecord, type LeaveRecorded } from './leave-record';
import { leaveSchema } from './leave-schema';
import type { LeaveRequestsTable } from './leave-tables';

const LEAVE_EVENTS = new Set<string>(leaveSliceEvents.map((definition) => definition.type));

function recordOf(row: Selectable<LeaveRequestsTable>): LeaveRecord {
  return {
    ...row,
    revision: String(row.revision),
    decided_at: isoOrNull(row.decided_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * The leave list (GET /api/leave) and whether a carer is on approved leave today (the carers list reads it by
 * date at query time: today changes without any event). A batch is folded in memory (evolveLeaveRecord) and the
 * touched rows written with one upsert.
 */
export const leaveProjection: Projection = {
  name: 'leave',
  version: 1,
  tables: ['leave_requests'],
  schema: leaveSchema,
  handles: (type) => LEAVE_EVENTS.has(type),
  async apply(db, events) {
    const written = await foldBatch({
      events: events as LeaveRecorded[],
      idOf: (event) => event.data.id,
      creates: (event) => event.type === 'LeaveRequested',
      load: async (ids) =>
        (await db.selectFrom('leave_requests').selectAll().where('id', '=', anyUuid(ids)).execute()).map(recordOf),
      evolve: evolveLeaveRecord,
    });
    await writeRows(db, 'leave_requests', written, { key: ['id'], onConflict: 'replace' });
  },
};
