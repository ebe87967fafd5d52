import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@care/events';
import type { Projection } from '../projection';
import type { TableSchema } from '../projection-schema';

const PAYROLL_EVENTS = new Set([
  'PayrollPolicySet',
  'LivingWageRateSet',
  'PayrollPeriodProcessed',
  'PayslipIssued',
  'PayslipSent',
]);
type PayrollRecorded = Extract<
  RecordedEvent,
  { type: 'PayrollPolicySet' | 'LivingWageRateSet' | 'PayrollPeriodProcessed' | 'PayslipIssued' | 'PayslipSent' }
>;

const payrollSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('finance_payroll_runs')
      .addColumn('run_id', 'uuid', (c) => c.primaryKey())
      .addColumn('period_kind', 'text', (c) => c.notNull())
      .addColumn('period_start', 'date', (c) => c.notNull())
      .addColumn('period_end', 'date', (c) => c.notNull())
      .addColumn('processed_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('finance_payslips')
      .addColumn('payslip_id', 'uuid', (c) => c.primaryKey())
      .addColumn('run_id', 'uuid', (c) => c.notNull())
      .addColumn('carer_id', 'uuid', (c) => c.notNull())
      .addColumn('period_start', 'date', (c) => c.notNull())
      .addColumn('period_end', 'date', (c) => c.notNull())
      .addColumn('visit_count', 'integer', (c) => c.notNull())
      .addColumn('worked_minutes', 'integer', (c) => c.notNull())
      .addColumn('overtime_minutes', 'integer', (c) => c.notNull())
      .addColumn('gross_pence', 'integer', (c) => c.notNull())
      .addColumn('deductions_pence', 'integer', (c) => c.notNull())
      .addColumn('net_pence', 'integer', (c) => c.notNull())
      .addColumn('mileage_pence', 'integer', (c) => c.notNull())
      .addColumn('below_minimum_wage', 'boolean', (c) => c.notNull())
      .addColumn('figures', 'jsonb', (c) => c.notNull())
      .addColumn('processed_at', 'timestamptz', (c) => c.notNull())
      .addColumn('sent_at', 'timestamptz')
      .addColumn('sent_to', 'text')
      .execute();
    await db.schema
      .createTable('finance_payroll_policy')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('travel_paid', 'boolean', (c) => c.notNull())
      .addColumn('mileage_pence_per_mile', 'integer', (c) => c.notNull())
      .addColumn('tax_percent', 'integer', (c) => c.notNull())
      .addColumn('national_insurance_percent', 'integer', (c) => c.notNull())
      .addColumn('pension_percent', 'integer', (c) => c.notNull())
      .addColumn('contracted_hours_per_week', 'integer', (c) => c.notNull())
      .addColumn('set_by', 'text')
      .addColumn('set_at', 'timestamptz')
      .execute();
    await db.schema
      .createTable('finance_living_wage')
      .addColumn('effective_from', 'date', (c) => c.primaryKey())
      .addColumn('hourly_pence', 'integer', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // The period's list (paged by carer name through a join) and a carer's own payslips, newest first.
    await db.schema.createIndex('finance_payslips_run').ifNotExists().on('finance_payslips').column('run_id').execute();
    await db.schema
      .createIndex('finance_payslips_carer')
      .ifNotExists()
      .on('finance_payslips')
      .columns(['carer_id', 'period_start desc'])
      .execute();
    await db.schema
      .createIndex('finance_payslips_period')
      .ifNotExists()
      .on('finance_payslips')
      .column('period_start')
      .execute();
  },
};

/** Payroll runs, payslips, the payroll policy and living wage rates (GET /api/finance/payroll...). */
export const payrollProjection: Projection = {
  name: 'payroll',
  // 2: who set the payroll policy and when.
  version: 2,
  tables: ['finance_payroll_runs', 'finance_payslips', 'finance_payroll_policy', 'finance_living_wage'],
  schema: payrollSchema,
  handles: (type) => PAYROLL_EVENTS.has(type),
  async apply(db, events) {
    for (const event of events as PayrollRecorded[]) {
      switch (event.type) {
        case 'PayrollPolicySet': {
          const d = event.data;
          const row = {
            travel_paid: d.travelPaid,
            mileage_pence_per_mile: d.mileagePencePerMile,
            tax_percent: d.taxPercent,
            national_insurance_percent: d.nationalInsurancePercent,
            pension_percent: d.pensionPercent,
            contracted_hours_per_week: d.contractedHoursPerWeek,
            set_by: event.metadata.userId,
            set_at: event.metadata.occurredAt,
          };
          await db
            .insertInto('finance_payroll_policy')
            .values({ id: 1, ...row })
            .onConflict((oc) => oc.column('id').doUpdateSet(row))
            .execute();
          break;
        }
        case 'LivingWageRateSet':
          await db
            .insertInto('finance_living_wage')
            .values({ effective_from: event.data.effectiveFrom, hourly_pence: event.data.hourlyPence })
            .onConflict((oc) => oc.column('effective_from').doUpdateSet({ hourly_pence: event.data.hourlyPence }))
            .execute();
          break;
        case 'PayrollPeriodProcessed': {
          const d = event.data;
          await db
            .insertInto('finance_payroll_runs')
            .values({
              run_id: d.runId,
              period_kind: d.periodKind,
              period_start: d.periodStart,
              period_end: d.periodEnd,
              processed_at: event.metadata.occurredAt,
            })
            .onConflict((oc) => oc.column('run_id').doNothing())
            .execute();
          break;
        }
        case 'PayslipIssued': {
          const { payslipId, runId, carerId, periodStart, periodEnd, ...figures } = event.data;
          await db
            .insertInto('finance_payslips')
            .values({
              payslip_id: payslipId,
              run_id: runId,
              carer_id: carerId,
              period_start: periodStart,
              period_end: periodEnd,
              visit_count: figures.visitCount,
              worked_minutes: figures.regularMinutes + figures.overtimeMinutes,
              overtime_minutes: figures.overtimeMinutes,
              gross_pence: figures.grossPence,
              deductions_pence: figures.taxPence + figures.nationalInsurancePence + figures.pensionPence,
              net_pence: figures.netPence,
              mileage_pence: figures.mileagePence,
              below_minimum_wage: figures.belowMinimumWage,
              figures: JSON.stringify(figures),
              processed_at: event.metadata.occurredAt,
              sent_at: null,
              sent_to: null,
            })
            .onConflict((oc) => oc.column('payslip_id').doNothing())
            .execute();
          break;
        }
        case 'PayslipSent':
          await db
            .updateTable('finance_payslips')
            .set({ sent_at: event.metadata.occurredAt, sent_to: event.data.sentTo })
            .where('payslip_id', '=', event.data.payslipId)
            .execute();
          break;
      }
    }
  },
};
