import type { Insertable, Kysely, Updateable } from 'kysely';
import type { CarerProfile, RecordedEvent } from '@care/events';
import type { CarersTable, ReadModelDatabase } from '../read-model/database';
import type { Projection } from '../projection';
import { carersSchema } from './carers-schema';

type CarerRecorded = Extract<RecordedEvent, { type: `Carer${string}` }>;
type Registered = Extract<RecordedEvent, { type: 'CarerRegistered' }>;

const CARER_EVENTS = new Set([
  'CarerRegistered',
  'CarerDetailsChanged',
  'CarerDeactivated',
  'CarerReactivated',
  'CarerRemoved',
  'CarerAccountLinked',
  'CarerAccountUnlinked',
]);
/** Rows per INSERT: 22 columns each stays far below PostgreSQL's 65,535 parameter limit. */
const INSERT_CHUNK = 500;

/** Profile fields and the columns that hold them. */
const COLUMN_OF: { [K in keyof CarerProfile]-?: keyof CarersTable } = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  region: 'region',
  employeeId: 'employee_id',
  startDate: 'start_date',
  specialization: 'specialization',
  qualifications: 'qualifications',
  phoneNumber: 'phone_number',
  emergencyContact: 'emergency_contact',
  emergencyPhone: 'emergency_phone',
  address: 'address',
  dateOfBirth: 'date_of_birth',
  hourlyRatePence: 'hourly_rate_pence',
  maxClientsPerDay: 'max_clients_per_day',
  notes: 'notes',
  travelMode: 'travel_mode',
};

function columnValues(profile: Partial<CarerProfile>): Updateable<CarersTable> {
  const row: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(profile)) {
    if (value === undefined) continue;
    const column = COLUMN_OF[field as keyof CarerProfile];
    row[column] = field === 'qualifications' ? JSON.stringify(value) : value;
  }
  return row as Updateable<CarersTable>;
}

function registeredRow(event: Registered): Insertable<CarersTable> {
  const { carerId, userId, isActive, ...profile } = event.data;
  return {
    ...(columnValues(profile) as Insertable<CarersTable>),
    id: carerId,
    user_id: userId,
    is_active: isActive,
    revision: event.revision,
    created_at: event.metadata.occurredAt,
    updated_at: event.metadata.occurredAt,
  };
}

/**
 * The carers list (GET /api/carers). Consecutive registrations are written with one multi-row
 * INSERT: catch-up after a rebuild is mostly registrations, and row-at-a-time is the bottleneck.
 */
export const carersProjection: Projection = {
  name: 'carers',
  // 2: user_id may be null, and follows CarerAccountLinked and CarerAccountUnlinked. 3: the paged list's indexes.
  // 4: the carer's travel mode.
  version: 4,
  tables: ['carers'],
  schema: carersSchema,
  handles: (type) => CARER_EVENTS.has(type),
  async apply(db, events) {
    let pending: Insertable<CarersTable>[] = [];
    const flush = async () => {
      for (let start = 0; start < pending.length; start += INSERT_CHUNK) {
        await db
          .insertInto('carers')
          .values(pending.slice(start, start + INSERT_CHUNK))
          .execute();
      }
      pending = [];
    };
    for (const event of events as CarerRecorded[]) {
      if (event.type === 'CarerRegistered') {
        pending.push(registeredRow(event));
        continue;
      }
      await flush();
      await applyChange(db, event);
    }
    await flush();
  },
};

async function applyChange(db: Kysely<ReadModelDatabase>, event: Exclude<CarerRecorded, Registered>): Promise<void> {
  const stamp = { revision: event.revision, updated_at: event.metadata.occurredAt };
  const where = (id: string) => db.updateTable('carers').where('id', '=', id);
  switch (event.type) {
    case 'CarerDetailsChanged':
      await where(event.data.carerId)
        .set({ ...columnValues(event.data.changes), ...stamp })
        .execute();
      return;
    case 'CarerDeactivated':
      await where(event.data.carerId)
        .set({ is_active: false, ...stamp })
        .execute();
      return;
    case 'CarerReactivated':
      await where(event.data.carerId)
        .set({ is_active: true, ...stamp })
        .execute();
      return;
    case 'CarerRemoved':
      await db.deleteFrom('carers').where('id', '=', event.data.carerId).execute();
      return;
    case 'CarerAccountLinked':
      await where(event.data.carerId)
        .set({ user_id: event.data.userId, ...stamp })
        .execute();
      return;
    case 'CarerAccountUnlinked':
      await where(event.data.carerId)
        .set({ user_id: null, ...stamp })
        .execute();
      return;
  }
}
