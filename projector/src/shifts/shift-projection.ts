import type { Insertable, Kysely } from 'kysely';
import { londonToday, shiftEvents, type RecordedEvent, type ShiftEvent } from '@care/events';
import type { ReadModelDatabase } from '../read-model/database';
import type { Projection } from '../projection';
import { shiftsSchema } from './shift-schema';
import type { ShiftsTable } from './shift-tables';
import { iso } from '../shared/fold-batch';
import { writeRows } from '../shared/bulk-rows';

type ShiftRecorded = RecordedEvent<ShiftEvent>;
type Planned = Extract<ShiftRecorded, { type: 'ShiftPlanned' }>;

const SHIFT_EVENTS = new Set<string>(shiftEvents.map((definition) => definition.type));

function plannedRow(event: Planned): Insertable<ShiftsTable> {
  const { id, carerId, shiftType, startTime, endTime, breakMinutes, location, status, notes } = event.data;
  return {
    id,
    carer_id: carerId,
    shift_type: shiftType,
    start_time: iso(startTime),
    end_time: iso(endTime),
    date: londonToday(new Date(startTime)),
    break_minutes: breakMinutes,
    location,
    status,
    notes,
    cancellation_reason: null,
    revision: String(event.revision),
    created_at: event.metadata.occurredAt,
    updated_at: event.metadata.occurredAt,
  };
}

/** The rota (GET /api/shifts). Consecutive plans are written with one INSERT. */
export const shiftsProjection: Projection = {
  name: 'shifts',
  version: 1,
  tables: ['shifts'],
  schema: shiftsSchema,
  handles: (type) => SHIFT_EVENTS.has(type),
  async apply(db, events) {
    let pending: Insertable<ShiftsTable>[] = [];
    const flush = async () => {
      await writeRows(db, 'shifts', pending);
      pending = [];
    };
    for (const event of events as ShiftRecorded[]) {
      if (event.type === 'ShiftPlanned') {
        pending.push(plannedRow(event));
        continue;
      }
      await flush();
      await applyChange(db, event);
    }
    await flush();
  },
};

async function applyChange(db: Kysely<ReadModelDatabase>, event: Exclude<ShiftRecorded, Planned>): Promise<void> {
  const stamp = { revision: event.revision, updated_at: event.metadata.occurredAt };
  const shift = db.updateTable('shifts').where('id', '=', event.data.id);
  switch (event.type) {
    case 'ShiftChanged': {
      const { carerId, shiftType, startTime, endTime, breakMinutes, location, status, notes } = event.data.changes;
      await shift
        .set({
          ...(carerId !== undefined && { carer_id: carerId }),
          ...(shiftType !== undefined && { shift_type: shiftType }),
          ...(startTime !== undefined && { start_time: iso(startTime), date: londonToday(new Date(startTime)) }),
          ...(endTime !== undefined && { end_time: iso(endTime) }),
          ...(breakMinutes !== undefined && { break_minutes: breakMinutes }),
          ...(location !== undefined && { location }),
          ...(status !== undefined && { status }),
          ...(notes !== undefined && { notes }),
          ...stamp,
        })
        .execute();
      return;
    }
    case 'ShiftCancelled':
      await shift.set({ status: 'cancelled', cancellation_reason: event.data.reason, ...stamp }).execute();
      return;
  }
}
