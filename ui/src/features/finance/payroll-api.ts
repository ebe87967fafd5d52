import { queryOptions } from '@tanstack/react-query';
import type { PayrollPolicyView, PayslipView } from '@care/events';
import { apiGet } from '../../shared/api';
import { formatDuration } from '../../shared/format';

/** Payroll reads live under /api/finance, so a finance command's invalidation reloads them too. */
export const PAYROLL_RUNS_PATH = '/api/finance/payroll/runs';
export const MY_PAYSLIPS_PATH = '/api/finance/payslips/mine';

export const payrollPolicyQuery = () =>
  queryOptions({
    queryKey: ['/api/finance/payroll/policy'],
    queryFn: () => apiGet<PayrollPolicyView>('/api/finance/payroll/policy'),
  });

export const runPayslipsPath = (runId: string) => `/api/finance/payroll/runs/${encodeURIComponent(runId)}/payslips`;
export const payrollCsvPath = (runId: string) => `/api/finance/payroll/runs/${encodeURIComponent(runId)}/payroll.csv`;
export const payslipPdfPath = (payslip: Pick<PayslipView, 'payslipId'>) =>
  `/api/finance/payroll/payslips/${encodeURIComponent(payslip.payslipId)}/payslip.pdf`;
export const myPayslipPdfPath = (payslip: Pick<PayslipView, 'payslipId'>) =>
  `${MY_PAYSLIPS_PATH}/${encodeURIComponent(payslip.payslipId)}/payslip.pdf`;

/** "2 h 30 min" for minutes worked: durations read the same on every screen (shared/format). */
export const hoursLabel = (minutes: number): string => formatDuration(minutes);

/** The first day of last month (London calendar is close enough for a default the admin can change). */
export function firstOfLastMonth(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
}
