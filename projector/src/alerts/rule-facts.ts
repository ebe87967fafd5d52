import { sql, type Kysely } from 'kysely';
import { londonToday, type DoseSchedule } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';

export * from './contract-rule-facts';
export * from './working-time-rule-facts';
export * from '../family/family-concern-facts';

/**
 * The facts the alert rules (rules/src/alert-rules) read from the read models: typed queries over columns the
 * projector owns, so a change to a table shows up here at compile time. Each is small and indexed.
 * Until the projector has created a table, it answers nothing.
 */
type Db = Kysely<ReadModelDatabase>;
const UNDEFINED_TABLE = '42P01';
async function orNothing<T>(query: Promise<T[]>): Promise<T[]> {
  try {
    return await query;
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return [];
    throw error;
  }
}

/** A visit as the visit rules see it. */
export interface VisitFact {
  id: string;
  clientId: string;
  carerId: string | null;
  status: string;
  runningLate: boolean;
  scheduledStart: Date;
  scheduledEnd: Date;
  checkedInAt: Date | null;
  /** When the server received a check-in the carer recorded offline on their phone (null: sent at once). */
  checkInReceivedOfflineAt: Date | null;
  /** When the carer's app was last online, where a rule needs it (undefined: not read; null: never online). */
  carerAppLastOnline?: Date | null;
}

const visitColumns = (db: Db) =>
  db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('appointments')
    .select([
      sql<string>`id::text`.as('id'),
      sql<string>`client_id::text`.as('clientId'),
      sql<string | null>`carer_id::text`.as('carerId'),
      'status',
      'running_late as runningLate',
      'scheduled_start as scheduledStart',
      'scheduled_end as scheduledEnd',
      'checked_in_at as checkedInAt',
      'check_in_offline_received_at as checkInReceivedOfflineAt',
    ]);

/** Scheduled visits raised as running late (no check-in yet). */
export function lateVisits(db: Db): Promise<VisitFact[]> {
  return orNothing(visitColumns(db).where('status', '=', 'scheduled').where('running_late', '=', true).execute());
}

/** Visits marked missed whose planned end is at most `days` days back (older ones are history, not news). */
export function missedVisits(db: Db, now: Date, days: number): Promise<VisitFact[]> {
  const from = new Date(now.getTime() - days * 86_400_000);
  return orNothing(visitColumns(db).where('status', '=', 'missed').where('scheduled_end', '>=', from).execute());
}

/** Scheduled visits with no carer that start within `hours` hours and have not ended. */
export function unassignedVisits(db: Db, now: Date, hours: number): Promise<VisitFact[]> {
  const until = new Date(now.getTime() + hours * 3_600_000);
  return orNothing(
    visitColumns(db)
      .where('status', '=', 'scheduled')
      .where('carer_id', 'is', null)
      .where('scheduled_start', '<=', until)
      .where('scheduled_end', '>', now)
      .execute(),
  );
}

/**
 * When each of these carers' apps was last online (the read API notes it from the app's live connection, in its
 * table read_api.app_last_online); a carer whose app never connected is absent. Nothing before the read API has
 * created the table.
 */
export async function carerAppsLastOnline(db: Db, carerIds: readonly string[]): Promise<Map<string, Date>> {
  if (carerIds.length === 0) return new Map();
  const rows = await orNothing(
    sql<{ carerId: string; lastOnlineAt: Date }>`
      select c.id::text as "carerId", p.last_online_at as "lastOnlineAt"
        from read_api.app_last_online p
        join ${sql.table(`${READ_MODEL_SCHEMA}.carers`)} c on c.user_id = p.user_id
       where c.id::text = any(${sql.val([...carerIds])})`
      .execute(db)
      .then((result) => result.rows),
  );
  return new Map(rows.map((row) => [row.carerId, row.lastOnlineAt]));
}

/** The visits with these ids (to say why a condition stopped holding). */
export function visitsById(db: Db, ids: readonly string[]): Promise<VisitFact[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return orNothing(
    visitColumns(db)
      .where(sql<boolean>`id::text = any(${sql.val([...ids])})`)
      .execute(),
  );
}

/**
 * The training that counts for each active carer and type: the record with the latest expiry, an open-ended
 * record (no expiry) counting as never expiring. An older certificate that was renewed is not a fact any more.
 */
export interface TrainingFact {
  id: string;
  carerId: string;
  carerFirstName: string;
  carerLastName: string;
  carerActive: boolean;
  trainingType: string;
  /** YYYY-MM-DD; null for open-ended training. */
  expiryDate: string | null;
}

function latestTraining(db: Db) {
  return db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('training_records as t')
    .innerJoin('carers as c', 'c.id', 't.carer_id')
    .distinctOn(['t.carer_id', 't.training_type'])
    .select([
      sql<string>`t.id::text`.as('id'),
      sql<string>`t.carer_id::text`.as('carerId'),
      'c.first_name as carerFirstName',
      'c.last_name as carerLastName',
      'c.is_active as carerActive',
      't.training_type as trainingType',
      sql<string | null>`t.expiry_date::text`.as('expiryDate'),
    ])
    .orderBy('t.carer_id')
    .orderBy('t.training_type')
    .orderBy(sql`t.expiry_date desc nulls first`);
}

/** Active carers' counting training that expires between `fromDate` and `toDate` (inclusive, YYYY-MM-DD). */
export function trainingExpiringBetween(db: Db, fromDate: string, toDate: string): Promise<TrainingFact[]> {
  return orNothing(
    db
      .selectFrom(latestTraining(db).as('latest'))
      .selectAll()
      .where('carerActive', '=', true)
      .where('expiryDate', '>=', fromDate)
      .where('expiryDate', '<=', toDate)
      .execute(),
  );
}

/** The counting training of these carers (to say why a training alert cleared). */
export function latestTrainingOf(db: Db, carerIds: readonly string[]): Promise<TrainingFact[]> {
  if (carerIds.length === 0) return Promise.resolve([]);
  return orNothing(
    latestTraining(db)
      .where(sql<boolean>`t.carer_id::text = any(${sql.val([...carerIds])})`)
      .execute(),
  );
}

/** A carer's day with more clients booked than the carer's maximum. */
export interface CarerDayFact {
  carerId: string;
  carerFirstName: string;
  carerLastName: string;
  date: string;
  clients: number;
  maxClientsPerDay: number;
}

function carerDays(db: Db) {
  return db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('appointments as a')
    .innerJoin('carers as c', 'c.id', 'a.carer_id')
    .select([
      sql<string>`a.carer_id::text`.as('carerId'),
      'c.first_name as carerFirstName',
      'c.last_name as carerLastName',
      sql<string>`a.date::text`.as('date'),
      sql<number>`count(distinct a.client_id)::int`.as('clients'),
      'c.max_clients_per_day as maxClientsPerDay',
    ])
    .where('a.status', 'not in', ['cancelled', 'no_show'])
    .groupBy(['a.carer_id', 'a.date', 'c.first_name', 'c.last_name', 'c.max_clients_per_day']);
}

/** Carer days from today (London) on with more distinct clients than the carer's maxClientsPerDay. */
export function overbookedCarerDays(db: Db, now: Date): Promise<CarerDayFact[]> {
  return orNothing(
    carerDays(db)
      .where('a.date', '>=', londonToday(now))
      .having(sql<boolean>`count(distinct a.client_id) > c.max_clients_per_day`)
      .execute(),
  );
}

/** These carer days as booked now (to say why an overbooking cleared). */
export function carerDaysOf(db: Db, keys: readonly { carerId: string; date: string }[]): Promise<CarerDayFact[]> {
  if (keys.length === 0) return Promise.resolve([]);
  const pairs = keys.map((key) => `${key.carerId}/${key.date}`);
  return orNothing(
    carerDays(db)
      .where(sql<boolean>`a.carer_id::text || '/' || a.date::text = any(${sql.val(pairs)})`)
      .execute(),
  );
}

/** A diary entry as the diary rule sees it. */
export interface DiaryFact {
  id: string;
  carerId: string;
  clientId: string;
  entryType: string;
  priority: string;
  title: string;
  isConfidential: boolean;
  reviewed: boolean;
  carerName: string;
  clientName: string;
  createdAt: Date;
}

function diaryColumns(db: Db) {
  return db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('diary_entries')
    .select([
      sql<string>`id::text`.as('id'),
      sql<string>`carer_id::text`.as('carerId'),
      sql<string>`client_id::text`.as('clientId'),
      'entry_type as entryType',
      'priority',
      'title',
      'is_confidential as isConfidential',
      sql<boolean>`reviewed_at is not null`.as('reviewed'),
      sql<string>`carer_first_name || ' ' || carer_last_name`.as('carerName'),
      sql<string>`client_first_name || ' ' || client_last_name`.as('clientName'),
      'created_at as createdAt',
    ]);
}

/** Unreviewed urgent or incident entries written in the last `days` days. */
export function urgentDiaryEntries(db: Db, now: Date, days: number): Promise<DiaryFact[]> {
  const from = new Date(now.getTime() - days * 86_400_000);
  return orNothing(
    diaryColumns(db)
      .where('reviewed_at', 'is', null)
      .where((eb) => eb.or([eb('priority', '=', 'urgent'), eb('entry_type', '=', 'incident')]))
      .where('created_at', '>=', from)
      .execute(),
  );
}

export function diaryEntriesById(db: Db, ids: readonly string[]): Promise<DiaryFact[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return orNothing(
    diaryColumns(db)
      .where(sql<boolean>`id::text = any(${sql.val([...ids])})`)
      .execute(),
  );
}

/** One rule's alerts that are open or about these subjects: what the runner compares the condition with. */
export interface RuleAlertFact {
  id: string;
  subject: string;
  status: string;
  resolvedBySystem: boolean;
}

export function alertsOfRule(db: Db, rule: string, subjects: readonly string[]): Promise<RuleAlertFact[]> {
  return orNothing(
    db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('alerts')
      .select([sql<string>`id::text`.as('id'), 'subject', 'status', 'resolved_by_system as resolvedBySystem'])
      .where('rule', '=', rule)
      .where((eb) =>
        eb.or([eb('status', '<>', 'resolved'), eb('subject', 'in', subjects.length > 0 ? [...subjects] : [''])]),
      )
      .execute(),
  );
}

/** A care plan in use (active or under review) and its review date, as the care-plan review rules see it. */
export interface CarePlanReviewFact {
  id: string;
  clientId: string;
  clientName: string;
  title: string;
  status: string;
  reviewDate: string;
}

const carePlanColumns = (db: Db) =>
  db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('care_plans as p')
    .leftJoin('appointment_client_names as c', 'c.id', 'p.client_id')
    .select([
      sql<string>`p.id::text`.as('id'),
      sql<string>`p.client_id::text`.as('clientId'),
      sql<string>`trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))`.as('clientName'),
      'p.title as title',
      'p.status as status',
      sql<string>`p.review_date::text`.as('reviewDate'),
    ]);

/** Plans in use whose review date is from `from` to `to` (YYYY-MM-DD, both included). */
export function carePlanReviewsBetween(db: Db, from: string, to: string): Promise<CarePlanReviewFact[]> {
  return orNothing(
    carePlanColumns(db)
      .where('p.status', 'in', ['active', 'under_review'])
      .where('p.review_date', '>=', from)
      .where('p.review_date', '<=', to)
      .execute(),
  );
}

/** The plans with these ids, whatever their status (to say why a review alert cleared). */
export function carePlansById(db: Db, ids: readonly string[]): Promise<CarePlanReviewFact[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return orNothing(
    carePlanColumns(db)
      .where(sql<boolean>`p.id::text = any(${sql.val([...ids])})`)
      .execute(),
  );
}

/** An incident as the incident rules see it: names joined from the appointments projection's name tables. */
export interface IncidentFact {
  id: string;
  type: string;
  severity: string;
  status: string;
  title: string;
  clientId: string | null;
  clientName: string | null;
  dateOccurred: Date;
  escalatedAt: Date | null;
  escalationReason: string | null;
  duties: { duty: string; dueDate: string; met: boolean }[];
}

function incidentColumns(db: Db) {
  return db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('incidents as i')
    .leftJoin('appointment_client_names as cl', 'cl.id', 'i.client_id')
    .select([
      sql<string>`i.id::text`.as('id'),
      'i.type',
      'i.severity',
      'i.status',
      'i.title',
      sql<string | null>`i.client_id::text`.as('clientId'),
      sql<string | null>`case when cl.id is null then null else cl.first_name || ' ' || cl.last_name end`.as(
        'clientName',
      ),
      'i.date_occurred as dateOccurred',
      'i.escalated_at as escalatedAt',
      'i.escalation_reason as escalationReason',
      sql<IncidentFact['duties']>`i.duties`.as('duties'),
    ]);
}

/** Open incidents (reported or under investigation) that are critical or about safeguarding. */
export function openCriticalIncidents(db: Db): Promise<IncidentFact[]> {
  return orNothing(
    incidentColumns(db)
      .where('i.status', 'in', ['reported', 'investigating'])
      .where((eb) => eb.or([eb('i.severity', '=', 'critical'), eb('i.type', '=', 'safeguarding')]))
      .execute(),
  );
}

/** Open incidents that were escalated. */
export function openEscalatedIncidents(db: Db): Promise<IncidentFact[]> {
  return orNothing(
    incidentColumns(db)
      .where('i.status', 'in', ['reported', 'investigating'])
      .where('i.escalated_at', 'is not', null)
      .execute(),
  );
}

/** Incidents with a statutory duty not met whose due date (London) has passed. */
export function incidentsWithOverdueDuties(db: Db, now: Date): Promise<IncidentFact[]> {
  return orNothing(incidentColumns(db).where('i.next_duty_due', '<', londonToday(now)).execute());
}

export function incidentsById(db: Db, ids: readonly string[]): Promise<IncidentFact[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return orNothing(
    incidentColumns(db)
      .where(sql<boolean>`i.id::text = any(${sql.val([...ids])})`)
      .execute(),
  );
}

/** An active prescription as the medication rules see it: its schedule and which recent doses have an outcome. */
export interface PrescriptionDoseFact {
  id: string;
  name: string;
  clientId: string;
  clientName: string;
  timeCritical: boolean;
  schedule: DoseSchedule;
  /** Due instants (ISO) since `since` that have an outcome. */
  recorded: string[];
}

/** Active prescriptions with the due times of their recorded doses since `since`. */
export async function activePrescriptionDoses(db: Db, since: Date): Promise<PrescriptionDoseFact[]> {
  const rows = await orNothing(
    db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('prescriptions as p')
      .leftJoin('appointment_client_names as cl', 'cl.id', 'p.client_id')
      .select([
        sql<string>`p.id::text`.as('id'),
        'p.name',
        sql<string>`p.client_id::text`.as('clientId'),
        sql<string>`coalesce(cl.first_name || ' ' || cl.last_name, 'a client')`.as('clientName'),
        'p.time_critical as timeCritical',
        'p.schedule',
        sql<
          string[]
        >`coalesce((select array_agg(to_char(r.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) from ${sql.table(`${READ_MODEL_SCHEMA}.medication_records`)} r where r.prescription_id = p.id and r.due_at >= ${since}), '{}')`.as(
          'recorded',
        ),
      ])
      .where('p.status', '=', 'active')
      .execute(),
  );
  return rows.map((row) => ({ ...row, schedule: row.schedule as DoseSchedule }));
}

/** A recorded outcome of a scheduled dose, as the medication rules see it. */
export interface MedicationOutcomeFact {
  prescriptionId: string;
  name: string;
  clientId: string;
  clientName: string;
  status: string;
  code: string;
  /** The meaning of a code the agency added to the key; null for a built-in code (its meaning lives in code). */
  addedCodeLabel: string | null;
  reason: string | null;
  dueAt: Date;
  administeredAt: Date;
}

function outcomeColumns(db: Db) {
  return db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('medication_records as r')
    .innerJoin('prescriptions as p', 'p.id', 'r.prescription_id')
    .leftJoin('appointment_client_names as cl', 'cl.id', 'r.client_id')
    .leftJoin('mar_codes as k', 'k.code', 'r.code')
    .select([
      sql<string>`r.prescription_id::text`.as('prescriptionId'),
      'p.name',
      sql<string>`r.client_id::text`.as('clientId'),
      sql<string>`coalesce(cl.first_name || ' ' || cl.last_name, 'a client')`.as('clientName'),
      'r.status',
      'r.code',
      'k.label as addedCodeLabel',
      'r.reason',
      sql<Date>`r.due_at`.as('dueAt'),
      'r.administered_at as administeredAt',
    ])
    .where('r.due_at', 'is not', null);
}

/** The two latest scheduled outcomes of each active prescription with an outcome since `since`. */
export function latestTwoOutcomes(db: Db, since: Date): Promise<MedicationOutcomeFact[]> {
  return orNothing(
    db
      .selectFrom(
        outcomeColumns(db)
          .select(sql<number>`row_number() over (partition by r.prescription_id order by r.due_at desc)`.as('rank'))
          .where('p.status', '=', 'active')
          .where(
            sql<boolean>`r.prescription_id in (select prescription_id from ${sql.table(`${READ_MODEL_SCHEMA}.medication_records`)} where due_at >= ${since})`,
          )
          .as('o'),
      )
      .selectAll('o')
      .where('o.rank', '<=', 2)
      .execute(),
  ).then((rows) => rows.map(({ rank: _rank, ...row }) => row));
}

/** The latest scheduled outcome of each of these prescriptions (why a refusal streak ended). */
export function latestOutcomeOf(db: Db, prescriptionIds: readonly string[]): Promise<MedicationOutcomeFact[]> {
  if (prescriptionIds.length === 0) return Promise.resolve([]);
  return orNothing(
    outcomeColumns(db)
      .where(sql<boolean>`r.prescription_id::text = any(${sql.val([...prescriptionIds])})`)
      .distinctOn('r.prescription_id')
      .orderBy('r.prescription_id')
      .orderBy('r.due_at', 'desc')
      .execute(),
  );
}

/** The outcomes of these doses (`<prescriptionId>/<dueAt>`), and the status of their prescriptions. */
export async function doseOutcomes(
  db: Db,
  subjects: readonly string[],
): Promise<{ outcomes: MedicationOutcomeFact[]; statuses: Map<string, string> }> {
  const keys = subjects
    .map((subject) => subject.split('/'))
    .filter((parts): parts is [string, string] => parts.length === 2);
  if (keys.length === 0) return { outcomes: [], statuses: new Map() };
  const ids = [...new Set(keys.map(([id]) => id))];
  const outcomes = await orNothing(
    outcomeColumns(db)
      .where(sql<boolean>`r.prescription_id::text = any(${sql.val(ids)})`)
      .where(sql<boolean>`r.due_at = any(${sql.val(keys.map(([, dueAt]) => dueAt))}::timestamptz[])`)
      .execute(),
  );
  const statuses = await orNothing(
    db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('prescriptions')
      .select([sql<string>`id::text`.as('id'), 'status'])
      .where(sql<boolean>`id::text = any(${sql.val(ids)})`)
      .execute(),
  );
  return { outcomes, statuses: new Map(statuses.map((row) => [row.id, row.status])) };
}

/** An unpaid invoice past its due date, as the overdue-invoice rule sees it (finance projection). */
export interface OverdueInvoiceFact {
  id: string;
  number: string;
  clientId: string;
  clientName: string;
  funderName: string;
  dueOn: string;
  outstandingPence: number;
}

const invoiceFactColumns = (db: Db) =>
  db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('finance_invoices as i')
    .leftJoin('appointment_client_names as c', 'c.id', 'i.client_id')
    .leftJoin('finance_funders as f', 'f.funder_id', 'i.funder_id')
    .select([
      sql<string>`i.id::text`.as('id'),
      'i.number as number',
      sql<string>`i.client_id::text`.as('clientId'),
      sql<string>`trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))`.as('clientName'),
      sql<string>`coalesce(f.name, '')`.as('funderName'),
      sql<string>`i.due_on::text`.as('dueOn'),
      sql<number>`(i.total_pence - i.paid_pence - i.credited_pence)::int`.as('outstandingPence'),
    ]);

/** Invoices with money still owed whose due date is before `today` (YYYY-MM-DD). */
export function overdueInvoices(db: Db, today: string): Promise<OverdueInvoiceFact[]> {
  return orNothing(
    invoiceFactColumns(db)
      .where(sql<boolean>`i.total_pence - i.paid_pence - i.credited_pence > 0`)
      .where('i.due_on', '<', today)
      .execute(),
  );
}

/** The invoices with these ids, paid or not (to say why an overdue alert cleared). */
export function invoicesById(db: Db, ids: readonly string[]): Promise<OverdueInvoiceFact[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return orNothing(
    invoiceFactColumns(db)
      .where(sql<boolean>`i.id::text = any(${sql.val([...ids])})`)
      .execute(),
  );
}

/** A payslip whose pay for all working time (travel included) is below the National Living Wage (payroll projection). */
export interface BelowMinimumWageFact {
  payslipId: string;
  carerId: string;
  carerName: string;
  periodStart: string;
  periodEnd: string;
  /** Visits plus travel between them, paid or not. */
  workingMinutes: number;
  /** Pay for that time (mileage left out: a reimbursement, not pay). */
  payPence: number;
  livingWageHourlyPence: number;
}

/** Every payslip flagged below the minimum wage, or those with these ids (to say why an alert cleared). */
export function payslipsBelowMinimumWage(db: Db, ids?: readonly string[]): Promise<BelowMinimumWageFact[]> {
  let query = db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('finance_payslips as p')
    .leftJoin('carers as c', 'c.id', 'p.carer_id')
    .select([
      sql<string>`p.payslip_id::text`.as('payslipId'),
      sql<string>`p.carer_id::text`.as('carerId'),
      sql<string>`trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))`.as('carerName'),
      sql<string>`p.period_start::text`.as('periodStart'),
      sql<string>`p.period_end::text`.as('periodEnd'),
      sql<number>`(p.figures->>'workingMinutes')::int`.as('workingMinutes'),
      sql<number>`((p.figures->>'regularPayPence')::int + (p.figures->>'overtimePayPence')::int)`.as('payPence'),
      sql<number>`coalesce((p.figures->>'livingWageHourlyPence')::int, 0)`.as('livingWageHourlyPence'),
    ]);
  query =
    ids === undefined
      ? query.where('p.below_minimum_wage', '=', true)
      : query.where(sql<boolean>`p.payslip_id::text = any(${sql.val([...ids])})`);
  return orNothing(query.execute());
}
