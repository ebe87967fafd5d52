import { formatPoundsLimit, ukDate } from '@care/events';
import { payslipsBelowMinimumWage, type BelowMinimumWageFact } from '@care/projector/rule-facts';
import type { AlertRule } from './rule';

/** Pay for all working time ÷ hours, to the penny (half up): what the carer was paid an hour on average. */
const averageHourlyPence = (fact: BelowMinimumWageFact): number =>
  fact.workingMinutes === 0
    ? 0
    : Math.floor((fact.payPence * 60 * 2 + fact.workingMinutes) / (fact.workingMinutes * 2));
const hours = (minutes: number): string => `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;

/**
 * A carer paid below the National Living Wage for a processed period: pay for all working time,
 * visits plus paid and unpaid travel between them, divided by that time. One alert per payslip; a processed
 * payslip never changes, so it stays open until a person resolves it (after paying the arrears).
 */
export const payrollBelowMinimumWage: AlertRule<BelowMinimumWageFact> = {
  name: 'payroll-below-minimum-wage',
  severity: 'high',
  summary:
    'A processed payslip pays less than the National Living Wage for all working time (visits and travel between them). Stays open until resolved by a person.',
  reads: ['payroll'],
  watches: ['PayslipIssued'],
  facts: (db) => payslipsBelowMinimumWage(db),
  holds: (facts) =>
    facts.map((fact) => ({
      subject: fact.payslipId,
      // One group per pay period: the payroll run's payslips below the minimum wage show as one row.
      group: `payroll-below-minimum-wage/${fact.periodStart}/${fact.periodEnd}`,
      title: 'Pay below the minimum wage',
      description: `${fact.carerName || 'A carer'} was paid ${formatPoundsLimit(fact.payPence)} for ${hours(fact.workingMinutes)} of work (visits and travel between them) from ${ukDate(fact.periodStart)} to ${ukDate(fact.periodEnd)}: ${formatPoundsLimit(averageHourlyPence(fact))} an hour, below the National Living Wage of ${formatPoundsLimit(fact.livingWageHourlyPence)}.`,
      relatedKind: 'payroll',
      relatedId: fact.payslipId,
      carerId: fact.carerId,
      clientId: null,
      appointmentId: null,
      actionRequired:
        'Pay the carer the difference with the payroll bureau, and review their hourly rate or the travel policy',
      dueDate: null,
    })),
  async whyCleared(db, subjects) {
    const found = await payslipsBelowMinimumWage(db, subjects);
    return subjects.map((subject) => ({
      subject,
      note: found.some((fact) => fact.payslipId === subject)
        ? 'The payslip no longer shows below the minimum wage'
        : 'The payslip is no longer on record',
    }));
  },
};
