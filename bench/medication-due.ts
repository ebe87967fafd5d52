import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import {
  addDays,
  clientStreamId,
  dosesBetween,
  londonTimeToInstant,
  londonToday,
  prescriptionStreamId,
  type DomainEvent,
  type DueDoseView,
  type NewEvent,
  type PrescriptionDetails,
} from '@care/events';
import { READ_MODEL_SCHEMA, replayInto } from '@care/projector';
import { clientRegistered, load, stamped, type Append } from './care-log';
import { startServices, type Services } from './services';
import { now, percentile, round } from './stats';

export interface MedicationDueFigures {
  medicationDueP50Ms: number;
  medicationDueP99Ms: number;
  medicationDueEvents: number;
}

const PRESCRIPTIONS = 2_000;
const CLIENTS = 700;
/** A year; BENCH_MEDICATION_DAYS shortens it to look at the query alone. */
const DAYS = Number(process.env.BENCH_MEDICATION_DAYS ?? 365);
/**
 * Doses due in the last three hours stay without an outcome, so Due & Overdue has work in it; at night, when no
 * dose fell due in those hours, the last round before now stays open instead (a run at 02:30 found none at all).
 */
const OPEN_HOURS = 3;
const WARM_UP = 20;
const REQUESTS = 300;
const SCHEDULES = [['08:00'], ['08:00', '20:00'], ['09:00', '13:00', '18:00'], ['22:00']];

const details = (n: number, startDate: string): PrescriptionDetails => ({
  name: ['Amlodipine', 'Metformin', 'Levothyroxine', 'Atorvastatin', 'Omeprazole', 'Furosemide'][n % 6]!,
  strength: '5mg',
  form: 'tablet',
  route: 'oral',
  dosage: '1 tablet',
  frequency: 'As charted',
  doseTimes: SCHEDULES[n % SCHEDULES.length]!,
  timeCritical: n % 20 === 0,
  prn: null,
  instructions: null,
  prescribedBy: 'Dr Anita Rao',
  startDate,
  endDate: null,
  reviewDate: null,
  supportLevel: 'administer',
  witnessRequired: false,
  controlledDrug: false,
  overTheCounter: false,
  covert: null,
  sideEffects: null,
  interactions: null,
});

/**
 * GET /api/medications/due as an administrator (`medicationDueP99Ms`, target 20 ms) with 2,000 active
 * prescriptions and a year of dose outcomes (about a million events), loaded into the store and replayed.
 */
export async function measureMedicationDue(
  url: string,
  step: (message: string) => void = () => undefined,
): Promise<MedicationDueFigures> {
  const services = await startServices(url);
  try {
    const events = await loadYear(services, step);
    return { ...(await sample(services)), medicationDueEvents: events };
  } finally {
    await services.close();
  }
}

async function loadYear(services: Services, step: (message: string) => void): Promise<number> {
  const today = londonToday();
  const startDate = addDays(today, -DAYS);
  const start = londonTimeToInstant(startDate, '00:00');
  const recordUntil = new Date(
    Math.min(Date.now() - OPEN_HOURS * 3_600_000, lastRoundBefore(Date.now()) - 60_000),
  ).toISOString();
  const clientIds = Array.from({ length: CLIENTS }, () => uuidv7());
  await load(
    services.pool,
    clientIds.map((id, n) => ({ streamId: clientStreamId(id), events: [stamped(clientRegistered(id, n))] })),
  );
  let count = CLIENTS;
  const appends: Append[] = [];
  for (let n = 0; n < PRESCRIPTIONS; n += 1) {
    const id = uuidv7();
    const clientId = clientIds[n % CLIENTS]!;
    const d = details(n, startDate);
    const events: NewEvent[] = [
      stamped({
        type: 'MedicationPrescribed',
        data: { id, clientId, details: d, effectiveAt: start, allergyOverride: null },
      }),
    ];
    const schedule = { startDate, endDate: null, periods: [{ from: null, doseTimes: d.doseTimes, active: true }] };
    for (const [k, dose] of dosesBetween(schedule, start, recordUntil).entries()) {
      const refused = (n + k) % 29 === 0;
      const record: DomainEvent = {
        type: 'MedicationAdministrationRecorded',
        data: {
          id: uuidv7(),
          prescriptionId: id,
          clientId,
          carerId: null,
          appointmentId: null,
          dueAt: dose.dueAt,
          code: refused ? 'R' : 'T',
          status: refused ? 'refused' : 'given',
          administeredAt: dose.dueAt,
          doseGiven: null,
          reason: refused ? 'Did not want it' : null,
          prnReason: null,
          witnessUserId: null,
          notes: null,
        },
      };
      events.push(stamped(record));
    }
    count += events.length;
    appends.push({ streamId: prescriptionStreamId(id), events });
    if (appends.length === 200) {
      await load(services.pool, appends.splice(0));
      step(`loaded ${n + 1} prescriptions, ${count} events`);
    }
  }
  await load(services.pool, appends);
  await services.pool.query('analyze es_events');
  step(`replaying ${count} events`);
  await replayInto(services.store, services.db, READ_MODEL_SCHEMA);
  for (const table of ['prescriptions', 'medication_records', 'appointment_client_names']) {
    await sql`vacuum analyze ${sql.id(READ_MODEL_SCHEMA, table)}`.execute(services.db);
  }
  return count;
}

/** The last scheduled dose time (of any schedule) at or before `nowMs`, in epoch milliseconds, London time. */
function lastRoundBefore(nowMs: number): number {
  const today = londonToday(new Date(nowMs));
  const rounds = [addDays(today, -1), today].flatMap((day) =>
    SCHEDULES.flat().map((time) => Date.parse(londonTimeToInstant(day, time))),
  );
  return Math.max(...rounds.filter((at) => at <= nowMs));
}

async function sample(
  services: Services,
): Promise<Pick<MedicationDueFigures, 'medicationDueP50Ms' | 'medicationDueP99Ms'>> {
  const readUrl = await services.startReadApi();
  const get = async () => {
    const response = await fetch(`${readUrl}/api/medications/due`, { headers: { cookie: services.cookie } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`GET /api/medications/due answered ${response.status}: ${body}`);
    return { page: JSON.parse(body) as DueDoseView[], total: Number(response.headers.get('x-total-count')) };
  };
  const due = await get();
  if (due.page.length === 0 || due.total < PRESCRIPTIONS / 4)
    throw new Error(`GET /api/medications/due listed only ${due.total} doses`);
  for (let i = 0; i < WARM_UP; i += 1) await get();
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const begin = now();
    await get();
    samples.push(now() - begin);
  }
  return {
    medicationDueP50Ms: round(percentile(samples, 50), 2),
    medicationDueP99Ms: round(percentile(samples, 99), 2),
  };
}
