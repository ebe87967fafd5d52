import { sql, type Kysely, type Selectable } from 'kysely';
import {
  DEFAULT_CONTRACTED_HOURS_PER_WEEK,
  DEFAULT_PAYROLL_POLICY,
  NATIONAL_LIVING_WAGE,
  type PayrollPolicyView,
  type PayrollRunView,
  type PayrollSummaryRow,
  type PayslipDetailView,
  type PayslipView,
} from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { countOf, pageOf, type Page } from '../shared/paging';
import { peopleNamed } from '../shared/people';

type PayslipRow = Selectable<ReadModelDatabase['finance_payslips']> & {
  first_name: string | null;
  last_name: string | null;
  employee_id: string | null;
};

const dateOf = (value: string | Date): string => (typeof value === 'string' ? value : value.toISOString().slice(0, 10));

function toPayslipView(row: PayslipRow): PayslipView {
  return {
    payslipId: row.payslip_id,
    runId: row.run_id,
    carerId: row.carer_id,
    carerName: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
    employeeId: row.employee_id,
    periodStart: dateOf(row.period_start),
    periodEnd: dateOf(row.period_end),
    visitCount: row.visit_count,
    workedMinutes: row.worked_minutes,
    overtimeMinutes: row.overtime_minutes,
    grossPence: row.gross_pence,
    deductionsPence: row.deductions_pence,
    netPence: row.net_pence,
    mileagePence: row.mileage_pence,
    belowMinimumWage: row.below_minimum_wage,
    status: 'processed',
    processedAt: row.processed_at.toISOString(),
    sentAt: row.sent_at === null ? null : row.sent_at.toISOString(),
    sentTo: row.sent_to,
  };
}

/**
 * The payroll summary per processed period (carers, hours, gross, deductions, net, mileage), newest first: the
 * Financial Reports tab's payroll summary tile calls this. `from`/`to` keep the periods whose end falls in them.
 */
export async function payrollSummary(
  db: Kysely<ReadModelDatabase>,
  range: { from?: string; to?: string } = {},
): Promise<PayrollSummaryRow[]> {
  let query = db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('finance_payroll_runs as r')
    .innerJoin('finance_payslips as p', 'p.run_id', 'r.run_id')
    .select([
      'r.run_id',
      'r.period_start',
      'r.period_end',
      sql<string>`count(*)`.as('carers'),
      sql<string>`sum(p.worked_minutes)`.as('worked_minutes'),
      sql<string>`sum(p.gross_pence)`.as('gross_pence'),
      sql<string>`sum(p.deductions_pence)`.as('deductions_pence'),
      sql<string>`sum(p.net_pence)`.as('net_pence'),
      sql<string>`sum(p.mileage_pence)`.as('mileage_pence'),
      sql<string>`count(*) FILTER (WHERE p.below_minimum_wage)`.as('below'),
    ])
    .groupBy(['r.run_id', 'r.period_start', 'r.period_end']);
  if (range.from !== undefined) query = query.where('r.period_end', '>=', range.from);
  if (range.to !== undefined) query = query.where('r.period_end', '<=', range.to);
  const rows = await query.orderBy('r.period_start', 'desc').execute();
  return rows.map((row) => ({
    runId: row.run_id,
    periodStart: dateOf(row.period_start),
    periodEnd: dateOf(row.period_end),
    carers: Number(row.carers),
    workedMinutes: Number(row.worked_minutes),
    grossPence: Number(row.gross_pence),
    deductionsPence: Number(row.deductions_pence),
    netPence: Number(row.net_pence),
    mileagePence: Number(row.mileage_pence),
    belowMinimumWage: Number(row.below),
  }));
}

/** Payroll cost (gross, mileage included) per month of the period's end, for the finance overview's expenses. */
export async function payrollCostByMonth(db: Kysely<ReadModelDatabase>, since: string): Promise<Map<string, number>> {
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('finance_payslips')
    .select([sql<string>`to_char(period_end, 'YYYY-MM')`.as('month'), sql<string>`sum(gross_pence)`.as('pence')])
    .where('period_end', '>=', since)
    .groupBy(sql`to_char(period_end, 'YYYY-MM')`)
    .execute();
  return new Map(rows.map((row) => [row.month, Number(row.pence)]));
}

export class PayrollQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  private payslips() {
    return this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('finance_payslips')
      .leftJoin('carers', 'carers.id', 'finance_payslips.carer_id')
      .selectAll('finance_payslips')
      .select(['carers.first_name', 'carers.last_name', 'carers.employee_id']);
  }

  async runs(page: Page): Promise<{ rows: PayrollRunView[]; total: number }> {
    const query = this.db.withSchema(READ_MODEL_SCHEMA).selectFrom('finance_payroll_runs').selectAll();
    const [rows, total] = await Promise.all([
      pageOf(query.orderBy('period_start', 'desc').orderBy('run_id'), page),
      countOf(query),
    ]);
    return {
      rows: rows.map((row) => ({
        runId: row.run_id,
        periodKind: row.period_kind,
        periodStart: dateOf(row.period_start),
        periodEnd: dateOf(row.period_end),
        processedAt: row.processed_at.toISOString(),
      })),
      total,
    };
  }

  /** One period's payslips, by carer name. */
  async runPayslips(runId: string, page: Page): Promise<{ rows: PayslipView[]; total: number }> {
    const query = this.payslips().where('finance_payslips.run_id', '=', runId);
    const ordered = query
      .orderBy('carers.last_name')
      .orderBy('carers.first_name')
      .orderBy('finance_payslips.payslip_id');
    const [rows, total] = await Promise.all([pageOf(ordered, page), countOf(query)]);
    return { rows: rows.map(toPayslipView), total };
  }

  /** Every payslip of a period, for the CSV export (a period holds at most one payslip per carer). */
  async allRunPayslips(runId: string): Promise<PayslipDetailView[]> {
    const rows = await this.payslips()
      .where('finance_payslips.run_id', '=', runId)
      .orderBy('carers.last_name')
      .orderBy('carers.first_name')
      .orderBy('finance_payslips.payslip_id')
      .execute();
    return rows.map((row) => ({ ...toPayslipView(row), figures: row.figures }));
  }

  async run(runId: string): Promise<PayrollRunView | null> {
    const row = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('finance_payroll_runs')
      .selectAll()
      .where('run_id', '=', runId)
      .executeTakeFirst();
    return row
      ? {
          runId: row.run_id,
          periodKind: row.period_kind,
          periodStart: dateOf(row.period_start),
          periodEnd: dateOf(row.period_end),
          processedAt: row.processed_at.toISOString(),
        }
      : null;
  }

  /**
   * One payslip. `ownerUserId` given (a carer with payslips.readOwn): only a payslip of the carer record linked
   * to that account, limited in the query itself, so someone else's payslip is simply not found.
   */
  async payslip(payslipId: string, ownerUserId?: string): Promise<PayslipDetailView | null> {
    let query = this.payslips().where('finance_payslips.payslip_id', '=', payslipId);
    if (ownerUserId !== undefined) query = query.where('carers.user_id', '=', ownerUserId);
    const row = await query.executeTakeFirst();
    return row ? { ...toPayslipView(row), figures: row.figures } : null;
  }

  /** The payslips of the carer record linked to this account, newest first. */
  async mine(userId: string, page: Page): Promise<{ rows: PayslipView[]; total: number }> {
    const query = this.payslips().where('carers.user_id', '=', userId);
    const ordered = query.orderBy('finance_payslips.period_start', 'desc').orderBy('finance_payslips.payslip_id');
    const [rows, total] = await Promise.all([pageOf(ordered, page), countOf(query)]);
    return { rows: rows.map(toPayslipView), total };
  }

  async policy(): Promise<PayrollPolicyView> {
    const scoped = this.db.withSchema(READ_MODEL_SCHEMA);
    const [policy, rates] = await Promise.all([
      scoped.selectFrom('finance_payroll_policy').selectAll().where('id', '=', 1).executeTakeFirst(),
      scoped.selectFrom('finance_living_wage').selectAll().execute(),
    ]);
    // The defaults (events/src/finance/payroll.ts) until an admin sets a policy or adds a rate for a date.
    const named = await peopleNamed(this.db, [policy?.set_by ?? null]);
    const setBy = named(policy?.set_by ?? null);
    const livingWage = new Map(NATIONAL_LIVING_WAGE.map((rate) => [rate.effectiveFrom, rate.hourlyPence]));
    for (const rate of rates) livingWage.set(dateOf(rate.effective_from), rate.hourly_pence);
    return {
      travelPaid: policy?.travel_paid ?? DEFAULT_PAYROLL_POLICY.travelPaid,
      mileagePencePerMile: policy?.mileage_pence_per_mile ?? DEFAULT_PAYROLL_POLICY.mileagePencePerMile,
      taxPercent: policy?.tax_percent ?? DEFAULT_PAYROLL_POLICY.taxPercent,
      nationalInsurancePercent: policy?.national_insurance_percent ?? DEFAULT_PAYROLL_POLICY.nationalInsurancePercent,
      pensionPercent: policy?.pension_percent ?? DEFAULT_PAYROLL_POLICY.pensionPercent,
      contractedHoursPerWeek: policy?.contracted_hours_per_week ?? DEFAULT_CONTRACTED_HOURS_PER_WEEK,
      setBy: policy?.set_by ? (setBy ? `${setBy.firstName} ${setBy.lastName}` : 'a former user') : null,
      setAt: policy?.set_at ? policy.set_at.toISOString() : null,
      livingWage: [...livingWage]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([effectiveFrom, hourlyPence]) => ({ effectiveFrom, hourlyPence })),
    };
  }
}
