import { describe, expect, it } from 'vitest';
import type { BelowMinimumWageFact } from '@care/projector/rule-facts';
import { payrollBelowMinimumWage } from './payroll-rules';

const NOW = new Date('2026-11-23T10:30:00Z');
const payslip: BelowMinimumWageFact = {
  payslipId: '0190a6b0-0000-7000-8000-000000000021',
  carerId: '0190a6b0-0000-7000-8000-0000000000a1',
  carerName: 'Amy Baker',
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
  workingMinutes: 180,
  payPence: 26_00,
  livingWageHourlyPence: 12_71,
};

describe('payroll below minimum wage rule', () => {
  it('given a payslip below the National Living Wage, raises a high alert saying who, for what time, at what average rate', () => {
    expect(payrollBelowMinimumWage.severity).toBe('high');
    expect(payrollBelowMinimumWage.holds([payslip], NOW)).toEqual([
      {
        subject: payslip.payslipId,
        group: 'payroll-below-minimum-wage/2026-10-01/2026-10-31',
        title: 'Pay below the minimum wage',
        description:
          'Amy Baker was paid £26.00 for 3h 00m of work (visits and travel between them) from 01/10/2026 to 31/10/2026: £8.67 an hour, below the National Living Wage of £12.71.',
        relatedKind: 'payroll',
        relatedId: payslip.payslipId,
        carerId: payslip.carerId,
        clientId: null,
        appointmentId: null,
        actionRequired:
          'Pay the carer the difference with the payroll bureau, and review their hourly rate or the travel policy',
        dueDate: null,
      },
    ]);
  });

  it('given no payslip below it, raises nothing', () => {
    expect(payrollBelowMinimumWage.holds([], NOW)).toEqual([]);
  });
});
