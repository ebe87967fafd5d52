import type { ColumnType } from 'kysely';
import type { PayrollPeriodKind, PayslipFigures } from '@care/events';

type Day = ColumnType<string, string, string>;

/** One row per processed period (the Payroll Management tab's period picker). */
export interface FinancePayrollRunsTable {
  run_id: string;
  period_kind: PayrollPeriodKind;
  period_start: Day;
  period_end: Day;
  processed_at: ColumnType<Date, string, string>;
}

/**
 * One row per payslip. The figures the list sums and sorts are columns (integer pence: one payslip is far below
 * 2^31); the whole payslip is `figures`, for the PDF.
 */
export interface FinancePayslipsTable {
  payslip_id: string;
  run_id: string;
  carer_id: string;
  period_start: Day;
  period_end: Day;
  visit_count: number;
  worked_minutes: number;
  overtime_minutes: number;
  gross_pence: number;
  deductions_pence: number;
  net_pence: number;
  mileage_pence: number;
  below_minimum_wage: boolean;
  figures: ColumnType<PayslipFigures, string, string>;
  processed_at: ColumnType<Date, string, string>;
  sent_at: ColumnType<Date | null, string | null, string | null>;
  sent_to: string | null;
}

/** The payroll policy in force (one row, id 1) and the National Living Wage rates an admin added. */
export interface FinancePayrollPolicyTable {
  id: number;
  travel_paid: boolean;
  mileage_pence_per_mile: number;
  tax_percent: number;
  national_insurance_percent: number;
  pension_percent: number;
  contracted_hours_per_week: number;
  /** Who set the policy in force, and when (the audit screen keeps every earlier version). */
  set_by: string | null;
  set_at: ColumnType<Date | null, string | null, string | null>;
}

export interface FinanceLivingWageTable {
  effective_from: Day;
  hourly_pence: number;
}

export interface PayrollTables {
  finance_payroll_runs: FinancePayrollRunsTable;
  finance_payslips: FinancePayslipsTable;
  finance_payroll_policy: FinancePayrollPolicyTable;
  finance_living_wage: FinanceLivingWageTable;
}
