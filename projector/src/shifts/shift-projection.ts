import type { Insertable, Kysely } from 'kysely';
import { londonToday, shiftEvents, type RecordedEvent, type ShiftEvent } from '@care/events';
import type { ReadModelDatabase } from '../read-model/database';
import type { Projection } from '../projection';
import { shiftsSchema } from './shift-schema';
import type { ShiftsTable } from './shift-tables';

type ShiftRecorded = RecordedEvent<ShiftEvent>;
type Planned = Extract<ShiftRecorded, { type: 'ShiftPlanned' }>;

const SHIFT_EVENTS = new Set<string>(shiftEvents.map((definition) => definition.type));
/** Rows per INSERT: 14 columns each stays far below PostgreSQL's 65,535 parameter limit. */
const INSERT_CHUNK = 1000;

const iso = (instant: string) => new Date(instant).toISOString();

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
    revision: event.revision,
    created_at: event.metadata.occurredAt,
    updated_at: event.metadata.occurredAt,
  };
}

/** The rota (GET /api/shifts). Consecutive plans are written with one multi-row INSERT. */
export const shiftsProjection: Projection = {
  name: 'shifts',
  version: 1,
  tables: ['shifts'],
  schema: shiftsSchema,
  handles: (type) => SHIFT_EVENTS.has(type),
  async apply(db, events) {
    let pending: Insertable<ShiftsTable>[] = [];
    const flush = async () => {
      for (let start = 0; start < pending.length; start += INSERT_CHUNK) {
        await db.insertInto('shifts').values(pending.slice(start, start + INSERT_CHUNK)).execute();
      }
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
