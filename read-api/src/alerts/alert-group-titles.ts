import { formatPoundsLimit, ukDate } from '@care/events';

/** What a group's members are, in the singular and the plural, by rule. */
const MEMBER_WORDS: Readonly<Record<string, readonly [string, string]>> = {
  'invoice-overdue': ['invoice overdue', 'invoices overdue'],
  'contract-renewal-due': ['contract due for renewal', 'contracts due for renewal'],
  'training-expiring': [
    'training certificate expiring within 30 days',
    'training certificates expiring within 30 days',
  ],
  'training-expired': ['training certificate expired', 'training certificates expired'],
  'care-plan-review-due': ['care plan review due', 'care plan reviews due'],
  'care-plan-review-overdue': ['care plan review overdue', 'care plan reviews overdue'],
  'payroll-below-minimum-wage': ['payslip below the minimum wage', 'payslips below the minimum wage'],
};

/** The payroll period a payroll group's key names (`payroll-below-minimum-wage/<start>/<end>`), if any. */
function periodOf(key: string): string | undefined {
  const [, start, end] = key.split('/');
  return start && end && /^\d{4}-\d{2}-\d{2}$/.test(start) && /^\d{4}-\d{2}-\d{2}$/.test(end)
    ? `${ukDate(start)} to ${ukDate(end)}`
    : undefined;
}

/**
 * A group's row title from its members as they are now: "12 invoices overdue, £1,234.56 owed", "3 payslips below the
 * minimum wage, 01/11/2026 to 14/11/2026", "5 care plan reviews due".
 */
export function alertGroupTitle(group: {
  readonly key: string;
  readonly rule: string;
  readonly members: number;
  readonly owedPence: number | null;
}): string {
  const [one, many] = MEMBER_WORDS[group.rule] ?? ['alert', 'alerts'];
  const head = `${group.members} ${group.members === 1 ? one : many}`;
  if (group.rule === 'invoice-overdue' && group.owedPence !== null)
    return `${head}, ${formatPoundsLimit(group.owedPence)} owed`;
  const period = periodOf(group.key);
  return period ? `${head}, ${period}` : head;
}
