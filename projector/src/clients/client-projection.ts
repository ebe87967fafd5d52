import type { Insertable, Kysely, Updateable } from 'kysely';
import type { ClientProfile, RecordedEvent } from '@care/events';
import type { ReadModelDatabase } from '../read-model/database';
import type { Projection } from '../projection';
import { clientsSchema } from './client-schema';
import type { ClientsTable } from './client-tables';

/** The client streams' events (the client-ID reservations are the write side's business only). */
const CLIENT_EVENTS = new Set([
  'ClientRegistered',
  'ClientDetailsChanged',
  'ClientDeactivated',
  'ClientReactivated',
  'ClientKeyworkerAssigned',
  'ClientPreferredCarersSet',
  'ClientRemoved',
]);
type ClientRecorded = Extract<
  RecordedEvent,
  {
    type:
      | 'ClientRegistered'
      | 'ClientDetailsChanged'
      | 'ClientDeactivated'
      | 'ClientReactivated'
      | 'ClientKeyworkerAssigned'
      | 'ClientPreferredCarersSet'
      | 'ClientRemoved';
  }
>;
type Registered = Extract<RecordedEvent, { type: 'ClientRegistered' }>;

/** Rows per INSERT: 23 columns each stays far below PostgreSQL's 65,535 parameter limit. */
const INSERT_CHUNK = 500;

/** Profile fields and the columns that hold them. */
const COLUMN_OF: { [K in keyof ClientProfile]-?: keyof ClientsTable } = {
  clientId: 'client_id',
  firstName: 'first_name',
  lastName: 'last_name',
  dateOfBirth: 'date_of_birth',
  address: 'address',
  phoneNumber: 'phone_number',
  emergencyContact: 'emergency_contact',
  emergencyPhone: 'emergency_phone',
  medicalConditions: 'medical_conditions',
  medications: 'medications',
  allergies: 'allergies',
  careLevel: 'care_level',
  mobilityLevel: 'mobility_level',
  cognitiveLevel: 'cognitive_level',
  riskAssessment: 'risk_assessment',
  careInstructions: 'care_instructions',
  gpPractice: 'gp_practice',
  gpPhone: 'gp_phone',
  postcode: 'postcode',
  latitude: 'latitude',
  longitude: 'longitude',
};
const LIST_FIELDS = new Set<keyof ClientProfile>(['medicalConditions', 'medications', 'allergies']);

function columnValues(profile: Partial<ClientProfile>): Updateable<ClientsTable> {
  const row: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(profile)) {
    if (value === undefined) continue;
    row[COLUMN_OF[field as keyof ClientProfile]] = LIST_FIELDS.has(field as keyof ClientProfile)
      ? JSON.stringify(value)
      : value;
  }
  return row as Updateable<ClientsTable>;
}

function registeredRow(event: Registered): Insertable<ClientsTable> {
  const { id, keyworkerCarerId, preferredCarers, isActive, ...profile } = event.data;
  return {
    ...(columnValues(profile) as Insertable<ClientsTable>),
    id,
    keyworker_carer_id: keyworkerCarerId,
    preferred_carers: JSON.stringify(preferredCarers),
    is_active: isActive,
    revision: event.revision,
    created_at: event.metadata.occurredAt,
    updated_at: event.metadata.occurredAt,
  };
}

/**
 * The clients list (GET /api/clients). The keyworker's name is joined from the carers table when read, so a
 * carer's rename needs no work here. Consecutive registrations (a rebuild, the demo seed) go in one INSERT.
 */
export const clientsProjection: Projection = {
  name: 'clients',
  version: 4,
  tables: ['clients'],
  schema: clientsSchema,
  handles: (type) => CLIENT_EVENTS.has(type),
  async apply(db, events) {
    let pending: Insertable<ClientsTable>[] = [];
    const flush = async () => {
      for (let start = 0; start < pending.length; start += INSERT_CHUNK) {
        await db
          .insertInto('clients')
          .values(pending.slice(start, start + INSERT_CHUNK))
          .execute();
      }
      pending = [];
    };
    for (const event of events as ClientRecorded[]) {
      if (event.type === 'ClientRegistered') {
        pending.push(registeredRow(event));
        continue;
      }
      await flush();
      await applyChange(db, event);
    }
    await flush();
  },
};

async function applyChange(db: Kysely<ReadModelDatabase>, event: Exclude<ClientRecorded, Registered>): Promise<void> {
  const stamp = { revision: event.revision, updated_at: event.metadata.occurredAt };
  const row = db.updateTable('clients').where('id', '=', event.data.id);
  switch (event.type) {
    case 'ClientDetailsChanged':
      await row.set({ ...columnValues(event.data.changes), ...stamp }).execute();
      return;
    case 'ClientDeactivated':
      await row.set({ is_active: false, ...stamp }).execute();
      return;
    case 'ClientReactivated':
      await row.set({ is_active: true, ...stamp }).execute();
      return;
    case 'ClientKeyworkerAssigned':
      await row.set({ keyworker_carer_id: event.data.keyworkerCarerId, ...stamp }).execute();
      return;
    case 'ClientPreferredCarersSet':
      await row.set({ preferred_carers: JSON.stringify(event.data.carerIds), ...stamp }).execute();
      return;
    case 'ClientRemoved':
      await db.deleteFrom('clients').where('id', '=', event.data.id).execute();
      return;
  }
}
