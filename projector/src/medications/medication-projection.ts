import type { Kysely, Selectable } from 'kysely';
import {
  foldSchedule,
  marKeyEvents,
  prescriptionEvents,
  ReferenceMedicineAdded,
  type MarKeyEvent,
  type PrescriptionEvent,
  type RecordedEvent,
} from '@care/events';
import type { Projection } from '../projection';
import type { ReadModelDatabase } from '../read-model/database';
import { excludedColumns, foldBatch, iso, isoOrNull, UPSERT_CHUNK } from '../shared/fold-batch';
import { medicationsSchema } from './medication-schema';
import type { MedicationRecordsTable, PrescriptionsTable } from './medication-tables';

type Recorded = RecordedEvent<PrescriptionEvent>;
const RECORD_EVENTS = new Set([
  'MedicationAdministrationRecorded',
  'MedicationAdministrationAmended',
  'PrnEffectRecorded',
]);
const KEY_EVENTS = new Set<string>(marKeyEvents.map((definition) => definition.type));
const HANDLED = new Set<string>([
  ...prescriptionEvents.map((definition) => definition.type),
  ReferenceMedicineAdded.type,
  ...KEY_EVENTS,
]);

type PrescriptionRecord = Omit<Selectable<PrescriptionsTable>, 'created_at' | 'updated_at' | 'revision'> & {
  created_at: string;
  updated_at: string;
  revision: string;
};
type DoseRecordRow = Omit<
  Selectable<MedicationRecordsTable>,
  'due_at' | 'administered_at' | 'recorded_at' | 'updated_at' | 'revision'
> & {
  due_at: string | null;
  administered_at: string;
  recorded_at: string;
  updated_at: string;
  revision: string;
};

const PRESCRIPTION_COLUMNS = [
  'client_id',
  'name',
  'status',
  'time_critical',
  'details',
  'schedule',
  'allergy_override',
  'created_by',
  'status_reason',
  'revision',
  'created_at',
  'updated_at',
] as const;
const RECORD_COLUMNS = [
  'prescription_id',
  'client_id',
  'carer_id',
  'appointment_id',
  'due_at',
  'code',
  'status',
  'administered_at',
  'dose_given',
  'reason',
  'prn_reason',
  'witness_user_id',
  'notes',
  'recorded_by',
  'recorded_at',
  'amendments',
  'prn_effect',
  'revision',
  'updated_at',
] as const;

/** The prescription a stream's event belongs to: dose records name it, the prescription's own events are it. */
const prescriptionIdOf = (event: Recorded): string =>
  'prescriptionId' in event.data ? event.data.prescriptionId : event.data.id;

function evolvePrescription(current: PrescriptionRecord | undefined, event: Recorded): PrescriptionRecord | undefined {
  // A dose's record is appended to the prescription's stream: the row's revision follows it, so that a change sent
  // with If-Match of the revision on screen is not refused for a dose recorded before it was shown.
  if (RECORD_EVENTS.has(event.type)) return current && { ...current, revision: String(event.revision) };
  const at = iso(event.metadata.occurredAt);
  const stamp = { revision: String(event.revision), updated_at: at };
  const fold = foldSchedule(current ? { status: current.status, schedule: current.schedule } : undefined, event);
  if (!fold) return undefined;
  switch (event.type) {
    case 'MedicationPrescribed':
      return {
        id: event.data.id,
        client_id: event.data.clientId,
        name: event.data.details.name,
        status: fold.status,
        time_critical: event.data.details.timeCritical,
        details: event.data.details,
        schedule: fold.schedule,
        allergy_override: event.data.allergyOverride,
        created_by: event.metadata.userId,
        status_reason: null,
        created_at: at,
        ...stamp,
      };
    case 'PrescriptionChanged': {
      if (!current) return undefined;
      const details = {
        ...current.details,
        ...Object.fromEntries(Object.entries(event.data.changes).filter(([, v]) => v !== undefined)),
      };
      return {
        ...current,
        details,
        name: details.name,
        time_critical: details.timeCritical,
        schedule: fold.schedule,
        status: fold.status,
        allergy_override: event.data.allergyOverride ?? current.allergy_override,
        status_reason: event.data.reason,
        ...stamp,
      };
    }
    case 'PrescriptionPaused':
    case 'PrescriptionResumed':
    case 'PrescriptionDiscontinued':
      return current
        ? { ...current, status: fold.status, schedule: fold.schedule, status_reason: event.data.reason, ...stamp }
        : undefined;
    default:
      return current;
  }
}

function evolveRecord(current: DoseRecordRow | undefined, event: Recorded): DoseRecordRow | undefined {
  const at = iso(event.metadata.occurredAt);
  const stamp = { revision: String(event.revision), updated_at: at };
  switch (event.type) {
    case 'MedicationAdministrationRecorded': {
      const d = event.data;
      return {
        id: d.id,
        prescription_id: d.prescriptionId,
        client_id: d.clientId,
        carer_id: d.carerId,
        appointment_id: d.appointmentId,
        due_at: d.dueAt === null ? null : iso(d.dueAt),
        code: d.code,
        status: d.status,
        administered_at: iso(d.administeredAt),
        dose_given: d.doseGiven,
        reason: d.reason,
        prn_reason: d.prnReason,
        witness_user_id: d.witnessUserId,
        notes: d.notes,
        recorded_by: event.metadata.userId,
        recorded_at: at,
        amendments: 0,
        prn_effect: null,
        ...stamp,
      };
    }
    case 'MedicationAdministrationAmended': {
      if (!current) return undefined;
      const c = event.data.changes;
      return {
        ...current,
        ...(c.code !== undefined && { code: c.code }),
        ...(c.status !== undefined && { status: c.status }),
        ...(c.administeredAt !== undefined && { administered_at: iso(c.administeredAt) }),
        ...(c.doseGiven !== undefined && { dose_given: c.doseGiven }),
        ...(c.reason !== undefined && { reason: c.reason }),
        ...(c.witnessUserId !== undefined && { witness_user_id: c.witnessUserId }),
        ...(c.notes !== undefined && { notes: c.notes }),
        amendments: current.amendments + 1,
        ...stamp,
      };
    }
    case 'PrnEffectRecorded':
      return current ? { ...current, prn_effect: event.data.effect, ...stamp } : undefined;
    default:
      return current;
  }
}

const json = (value: unknown) => JSON.stringify(value);

/** Prescriptions, their versions and the administration records (GET /api/medications, /api/medication-records). */
export const medicationsProjection: Projection = {
  name: 'medications',
  // 2: a prescription's revision follows its stream's dose records too (If-Match of the revision shown).
  // 3: the codes the agency adds to the MAR chart's key (mar_codes).
  version: 3,
  tables: ['prescriptions', 'prescription_versions', 'medication_records', 'reference_medicines', 'mar_codes'],
  schema: medicationsSchema,
  handles: (type) => HANDLED.has(type),
  async apply(db: Kysely<ReadModelDatabase>, events) {
    const added = events.flatMap((event) => (event.type === 'ReferenceMedicineAdded' ? [event] : []));
    if (added.length > 0) {
      await db
        .insertInto('reference_medicines')
        .values(
          added.map((event) => ({
            ...event.data,
            strengths: json(event.data.strengths),
            added_by: event.metadata.userId,
            added_at: iso(event.metadata.occurredAt),
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    for (const event of events)
      if (KEY_EVENTS.has(event.type)) await applyKeyChange(db, event as RecordedEvent<MarKeyEvent>);
    const all = events.filter(
      (event) => event.type !== 'ReferenceMedicineAdded' && !KEY_EVENTS.has(event.type),
    ) as readonly Recorded[];
    const prescriptionEventsOnly = all.filter((event) => !RECORD_EVENTS.has(event.type));
    const recordEvents = all.filter((event) => RECORD_EVENTS.has(event.type));

    const prescriptions = await foldBatch({
      events: all,
      idOf: prescriptionIdOf,
      creates: (event) => event.type === 'MedicationPrescribed',
      load: async (ids) =>
        (await db.selectFrom('prescriptions').selectAll().where('id', 'in', ids).execute()).map((row) => ({
          ...row,
          created_at: iso(row.created_at),
          updated_at: iso(row.updated_at),
          revision: String(row.revision),
        })),
      evolve: evolvePrescription,
    });
    for (let start = 0; start < prescriptions.length; start += UPSERT_CHUNK) {
      await db
        .insertInto('prescriptions')
        .values(
          prescriptions.slice(start, start + UPSERT_CHUNK).map((p) => ({
            ...p,
            details: json(p.details),
            schedule: json(p.schedule),
            allergy_override: json(p.allergy_override),
          })),
        )
        .onConflict((oc) => oc.column('id').doUpdateSet((eb) => excludedColumns(eb, PRESCRIPTION_COLUMNS)))
        .execute();
    }
    const versions = prescriptionEventsOnly.map((event) => ({
      prescription_id: event.data.id,
      revision: String(event.revision),
      type: event.type,
      changes: json(
        event.type === 'MedicationPrescribed'
          ? { ...event.data.details, allergyOverride: event.data.allergyOverride }
          : event.type === 'PrescriptionChanged'
            ? { ...event.data.changes, allergyOverride: event.data.allergyOverride }
            : {},
      ),
      reason: 'reason' in event.data ? event.data.reason : null,
      user_id: event.metadata.userId,
      at: iso(event.metadata.occurredAt),
    }));
    for (let start = 0; start < versions.length; start += UPSERT_CHUNK) {
      await db
        .insertInto('prescription_versions')
        .values(versions.slice(start, start + UPSERT_CHUNK))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }

    const records = await foldBatch({
      events: recordEvents,
      idOf: (event) => event.data.id,
      creates: (event) => event.type === 'MedicationAdministrationRecorded',
      load: async (ids) =>
        (await db.selectFrom('medication_records').selectAll().where('id', 'in', ids).execute()).map((row) => ({
          ...row,
          due_at: isoOrNull(row.due_at),
          administered_at: iso(row.administered_at),
          recorded_at: iso(row.recorded_at),
          updated_at: iso(row.updated_at),
          revision: String(row.revision),
        })),
      evolve: evolveRecord,
    });
    for (let start = 0; start < records.length; start += UPSERT_CHUNK) {
      await db
        .insertInto('medication_records')
        .values(records.slice(start, start + UPSERT_CHUNK))
        .onConflict((oc) => oc.column('id').doUpdateSet((eb) => excludedColumns(eb, RECORD_COLUMNS)))
        .execute();
    }
  },
};

/** A handful of rows in a lifetime: one statement each. A replayed addition changes nothing (the key's fold agrees). */
async function applyKeyChange(db: Kysely<ReadModelDatabase>, event: RecordedEvent<MarKeyEvent>): Promise<void> {
  if (event.type === 'MarCodeAdded') {
    const { code, label, status, needsReason } = event.data;
    await db
      .insertInto('mar_codes')
      .values({
        code,
        label,
        status,
        needs_reason: needsReason,
        withdrawn: false,
        added_at: iso(event.metadata.occurredAt),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return;
  }
  await db.updateTable('mar_codes').set({ withdrawn: true }).where('code', '=', event.data.code).execute();
}
