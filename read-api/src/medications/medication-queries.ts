import { sql, type Kysely } from 'kysely';
import {
  type ComplianceView,
  type DoseSchedule,
  type DueDoseView,
  type MedicationRecordView,
  type MedicationStats,
  type MedicationView,
  type PrescriptionStatus,
} from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import type { CarerWork, ReadScope } from '../shared/carer-work';
import { countOf, pageOf, type Page } from '../shared/paging';
import { fullName, peopleNamed } from '../shared/people';
import {
  ADHERENCE_DAYS,
  adherenceOf,
  dosesInWindow,
  dueWindow,
  openDoses,
  percent,
  type AdherenceCount,
} from './dose-math';

export interface MedicationFilter {
  readonly search?: string | undefined;
  readonly status?: PrescriptionStatus | undefined;
  readonly clientId?: string | undefined;
}

export interface RecordFilter {
  readonly clientId?: string | undefined;
  readonly carerId?: string | undefined;
  readonly prescriptionId?: string | undefined;
  readonly medicine?: string | undefined;
  readonly status?: string | undefined;
  /** London dates, inclusive. */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

const DAY_MS = 86_400_000;
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface DueFilter {
  readonly clientId?: string | undefined;
  readonly overdueOnly?: boolean | undefined;
}

/** A dose without an outcome, before its prescription's details are read. */
interface OpenDose {
  readonly prescriptionId: string;
  readonly medicationName: string;
  readonly dueAt: string;
  readonly time: string;
  readonly overdue: boolean;
}

export class MedicationQueries {
  constructor(
    private readonly db: Kysely<ReadModelDatabase>,
    private readonly work: CarerWork,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private prescriptions(scope: ReadScope) {
    return this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('prescriptions as p')
      .leftJoin('appointment_client_names as cl', 'cl.id', 'p.client_id')
      .where(this.work.client(scope, 'p.client_id'));
  }

  /** Outcomes of due doses since `from`, per prescription: due instant → status. */
  private async outcomes(ids: readonly string[], from: Date): Promise<Map<string, Map<string, string>>> {
    const byPrescription = new Map<string, Map<string, string>>();
    if (ids.length === 0) return byPrescription;
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('medication_records')
      .select(['prescription_id', 'due_at', 'status'])
      .where('prescription_id', 'in', ids)
      .where('due_at', '>=', from)
      .execute();
    for (const row of rows) {
      if (row.due_at === null) continue;
      let map = byPrescription.get(row.prescription_id);
      if (!map) byPrescription.set(row.prescription_id, (map = new Map()));
      map.set(row.due_at.toISOString(), row.status);
    }
    return byPrescription;
  }

  /** GET /api/medications: by client surname then medicine name, with adherence and next due computed. */
  async list(
    filter: MedicationFilter,
    scope: ReadScope,
    page: Page,
  ): Promise<{ rows: MedicationView[]; total: number }> {
    let query = this.prescriptions(scope);
    if (filter.status) query = query.where('p.status', '=', filter.status);
    if (filter.clientId) query = query.where('p.client_id', '=', filter.clientId);
    if (filter.search) {
      const like = likeOf(filter.search);
      query = query.where((eb) =>
        eb.or([eb('p.name', 'ilike', like), eb(sql<string>`cl.first_name || ' ' || cl.last_name`, 'ilike', like)]),
      );
    }
    const ordered = query
      .leftJoin('clients as c', 'c.id', 'p.client_id')
      .selectAll('p')
      .select(['cl.first_name', 'cl.last_name', 'c.allergies'])
      .orderBy('cl.last_name')
      .orderBy('cl.first_name')
      .orderBy('p.name')
      .orderBy('p.id');
    const [rows, total] = await Promise.all([pageOf(ordered, page), countOf(query)]);
    const now = this.clock();
    const outcomes = await this.outcomes(
      rows.map((row) => row.id),
      new Date(now.getTime() - ADHERENCE_DAYS * DAY_MS - DAY_MS),
    );
    return {
      total,
      rows: rows.map((row) => {
        const done = outcomes.get(row.id) ?? new Map<string, string>();
        const d = row.details;
        const next =
          row.status === 'active'
            ? (openDoses(row.schedule, done, now, {
                from: dueWindow(now).from,
                to: new Date(now.getTime() + 2 * DAY_MS).toISOString(),
              })[0] ?? null)
            : null;
        return {
          id: row.id,
          name: row.name,
          dosage: d.dosage,
          frequency: d.frequency,
          clientId: row.client_id,
          clientName: fullName(row.first_name, row.last_name),
          prescribedBy: d.prescribedBy,
          adherence: percent(adherenceOf(row.schedule, done, now)),
          nextDue: next?.dueAt ?? null,
          status: row.status,
          instructions: d.instructions,
          strength: d.strength,
          form: d.form,
          route: d.route,
          doseTimes: d.doseTimes,
          timeCritical: d.timeCritical,
          prn: d.prn,
          startDate: d.startDate,
          endDate: d.endDate,
          reviewDate: d.reviewDate,
          supportLevel: d.supportLevel,
          witnessRequired: d.witnessRequired,
          controlledDrug: d.controlledDrug,
          overTheCounter: d.overTheCounter,
          covert: d.covert,
          sideEffects: d.sideEffects,
          interactions: d.interactions,
          allergies: row.allergies ?? [],
          allergyOverride: row.allergy_override,
          statusReason: row.status_reason,
          revision: String(row.revision),
          createdAt: row.created_at.toISOString(),
          updatedAt: row.updated_at.toISOString(),
        };
      }),
    };
  }

  /**
   * Due & Overdue: the scheduled doses of active prescriptions from 24 hours back to an hour ahead that have no
   * outcome, oldest first. One read of the active prescriptions and one of the window's outcomes.
   */
  /**
   * Due & Overdue, one page: every active prescription's open doses of the window are worked out from the schedule
   * and the recorded outcomes (a few columns per prescription), sorted, and only the page's prescriptions are then
   * read in full (client names, strength, route...): 2,000 prescriptions cost one narrow read, not 2,000 rows of detail.
   */
  async due(
    scope: ReadScope,
    options: DueFilter = {},
    page: Page = { limit: Number.MAX_SAFE_INTEGER, offset: 0 },
  ): Promise<{ rows: DueDoseView[]; total: number }> {
    const open = await this.openDoses(scope, options);
    const shown = open.slice(page.offset, page.offset + page.limit);
    const ids = [...new Set(shown.map((dose) => dose.prescriptionId))];
    const details =
      ids.length === 0
        ? []
        : await this.prescriptions(scope)
            .where('p.id', 'in', ids)
            .select([
              'p.id',
              'p.client_id',
              'p.time_critical',
              'cl.first_name',
              'cl.last_name',
              sql<string | null>`p.details->>'strength'`.as('strength'),
              sql<string>`p.details->>'dosage'`.as('dosage'),
              sql<DueDoseView['route']>`p.details->>'route'`.as('route'),
              sql<string | null>`p.details->>'instructions'`.as('instructions'),
              sql<boolean>`(p.details->>'witnessRequired')::boolean`.as('witness_required'),
            ])
            .execute();
    const byId = new Map(details.map((row) => [row.id, row]));
    const rows = shown.flatMap((dose): DueDoseView[] => {
      const row = byId.get(dose.prescriptionId);
      if (!row) return [];
      return [
        {
          prescriptionId: dose.prescriptionId,
          medicationName: dose.medicationName,
          strength: row.strength,
          dosage: row.dosage,
          route: row.route,
          clientId: row.client_id,
          clientName: fullName(row.first_name, row.last_name),
          dueAt: dose.dueAt,
          time: dose.time,
          overdue: dose.overdue,
          timeCritical: row.time_critical,
          witnessRequired: row.witness_required,
          instructions: row.instructions,
        },
      ];
    });
    return { rows, total: open.length };
  }

  /** The open doses of the window (no outcome recorded), by due time then medicine: what Due & Overdue lists. */
  private async openDoses(scope: ReadScope, options: DueFilter): Promise<OpenDose[]> {
    const now = this.clock();
    const window = dueWindow(now);
    let query = this.prescriptions(scope).where('p.status', '=', 'active');
    if (options.clientId) query = query.where('p.client_id', '=', options.clientId);
    const [rows, outcomes] = await Promise.all([
      // As text: rows share a few schedules, each parsed once (dosesInWindow), not 2,000 times by the driver.
      query.select(['p.id', 'p.name', sql<string>`p.schedule::text`.as('schedule')]).execute(),
      this.outcomesInWindow(window.from, window.to),
    ]);
    const dosesOf = dosesInWindow(window);
    const nowMs = now.getTime();
    const open: OpenDose[] = [];
    for (const row of rows) {
      const recorded = outcomes.get(row.id);
      for (const dose of dosesOf(row.schedule)) {
        if (recorded?.has(dose.at)) continue;
        const overdue = dose.at < nowMs;
        if (options.overdueOnly && !overdue) continue;
        open.push({ prescriptionId: row.id, medicationName: row.name, dueAt: dose.dueAt, time: dose.time, overdue });
      }
    }
    return open.sort((a, b) =>
      a.dueAt < b.dueAt
        ? -1
        : a.dueAt > b.dueAt
          ? 1
          : a.medicationName < b.medicationName
            ? -1
            : a.medicationName > b.medicationName
              ? 1
              : 0,
    );
  }

  /**
   * The window's outcomes by due time (epoch milliseconds: compared as numbers, never formatted), per prescription:
   * the due_at index answers it without touching older rows.
   */
  private async outcomesInWindow(from: string, to: string): Promise<Map<string, Set<number>>> {
    const byPrescription = new Map<string, Set<number>>();
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('medication_records')
      .select(['prescription_id', sql<string>`(extract(epoch from due_at) * 1000)::bigint`.as('due')])
      .where('due_at', '>=', new Date(from))
      .where('due_at', '<', new Date(to))
      .execute();
    for (const row of rows) {
      let set = byPrescription.get(row.prescription_id);
      if (!set) byPrescription.set(row.prescription_id, (set = new Set()));
      set.add(Number(row.due));
    }
    return byPrescription;
  }

  /** The counts per active prescription over 30 days: given and "not required" from the records, due from the schedule. */
  private async adherenceCounts(scope: ReadScope) {
    const now = this.clock();
    const from = new Date(now.getTime() - ADHERENCE_DAYS * DAY_MS);
    const rows = await this.prescriptions(scope)
      .where('p.status', '=', 'active')
      .select(['p.id', 'p.name', 'p.client_id', 'p.schedule', 'cl.first_name', 'cl.last_name'])
      .execute();
    const outcomes = await this.outcomes(
      rows.map((row) => row.id),
      from,
    );
    return rows.map((row) => ({
      row,
      count: adherenceOf(row.schedule as DoseSchedule, outcomes.get(row.id) ?? new Map(), now),
    }));
  }

  async stats(scope: ReadScope): Promise<MedicationStats> {
    const [due, counts] = await Promise.all([this.openDoses(scope, {}), this.adherenceCounts(scope)]);
    const total = counts.reduce<AdherenceCount>(
      (sum, { count }) => ({ given: sum.given + count.given, due: sum.due + count.due }),
      { given: 0, due: 0 },
    );
    return {
      activeMedications: counts.length,
      dueNow: due.length,
      overdue: due.filter((dose) => dose.overdue).length,
      avgAdherence: percent(total),
    };
  }

  /** Compliance: adherence per client and per medicine, lowest first. */
  async compliance(scope: ReadScope): Promise<ComplianceView> {
    const counts = await this.adherenceCounts(scope);
    const group = (keyOf: (row: (typeof counts)[number]['row']) => { id: string; name: string }) => {
      const groups = new Map<string, { id: string; name: string; given: number; due: number }>();
      for (const { row, count } of counts) {
        const key = keyOf(row);
        const entry = groups.get(key.id) ?? { ...key, given: 0, due: 0 };
        entry.given += count.given;
        entry.due += count.due;
        groups.set(key.id, entry);
      }
      return [...groups.values()]
        .map((entry) => ({ ...entry, adherence: percent(entry) }))
        .sort((a, b) => (a.adherence ?? 101) - (b.adherence ?? 101) || a.name.localeCompare(b.name));
    };
    return {
      byClient: group((row) => ({
        id: row.client_id,
        name: fullName(row.first_name, row.last_name) ?? 'Unknown client',
      })),
      byMedicine: group((row) => ({ id: row.name.toLowerCase(), name: row.name })),
    };
  }

  /** GET /api/medication-records: newest first, filtered, paged. */
  async records(
    filter: RecordFilter,
    scope: ReadScope,
    page: Page,
  ): Promise<{ rows: MedicationRecordView[]; total: number }> {
    let query = this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('medication_records as r')
      .innerJoin('prescriptions as p', 'p.id', 'r.prescription_id')
      .leftJoin('appointment_client_names as cl', 'cl.id', 'r.client_id')
      .leftJoin('appointment_carer_names as ca', 'ca.id', 'r.carer_id')
      .where(this.work.client(scope, 'r.client_id'));
    if (filter.clientId) query = query.where('r.client_id', '=', filter.clientId);
    if (filter.carerId) query = query.where('r.carer_id', '=', filter.carerId);
    if (filter.prescriptionId) query = query.where('r.prescription_id', '=', filter.prescriptionId);
    if (filter.status) query = query.where('r.status', '=', filter.status as MedicationRecordView['status']);
    if (filter.medicine) query = query.where('p.name', 'ilike', likeOf(filter.medicine));
    if (filter.from)
      query = query.where(
        sql<boolean>`r.administered_at >= (${filter.from}::date)::timestamp at time zone 'Europe/London'`,
      );
    if (filter.to)
      query = query.where(
        sql<boolean>`r.administered_at < ((${filter.to}::date + 1)::timestamp at time zone 'Europe/London')`,
      );
    const ordered = query
      .selectAll('r')
      .select([
        'p.name',
        'cl.first_name as client_first',
        'cl.last_name as client_last',
        'ca.first_name as carer_first',
        'ca.last_name as carer_last',
      ])
      .orderBy('r.administered_at', 'desc')
      .orderBy('r.id', 'desc');
    const [rows, total] = await Promise.all([pageOf(ordered, page), countOf(query)]);
    const person = await peopleNamed(
      this.db,
      rows.flatMap((row) => [row.recorded_by, row.witness_user_id]),
    );
    const name = (id: string | null) => {
      const found = person(id);
      return found ? `${found.firstName} ${found.lastName}` : null;
    };
    return {
      total,
      rows: rows.map((row) => ({
        id: row.id,
        prescriptionId: row.prescription_id,
        medicationName: row.name,
        clientId: row.client_id,
        clientName: fullName(row.client_first, row.client_last),
        carerId: row.carer_id,
        carerName: row.carer_id === null ? null : fullName(row.carer_first, row.carer_last),
        appointmentId: row.appointment_id,
        status: row.status,
        code: row.code,
        scheduledTime: row.due_at?.toISOString() ?? null,
        actualTime: row.administered_at.toISOString(),
        doseGiven: row.dose_given,
        reason: row.reason,
        prnReason: row.prn_reason,
        prnEffect: row.prn_effect,
        notes: row.notes,
        signedBy: name(row.recorded_by),
        witnessedBy: name(row.witness_user_id),
        amended: row.amendments > 0,
        recordedAt: row.recorded_at.toISOString(),
      })),
    };
  }
}
