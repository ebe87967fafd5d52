import { describe, expect, it } from 'vitest';
import { calculatePayroll, DEFAULT_PAYROLL_POLICY } from './payroll';

const visits = (count: number, minutes: number, travelMinutes = 0, mileageTenths = 0) =>
  Array.from({ length: count }, () => ({ minutes, travelMinutes, mileageTenths }));

describe('payroll for a period', () => {
  it('given visits within contracted hours, pays them at the hourly rate with travel and mileage', () => {
    // 10 visits of 60 minutes, 15 minutes' travel and 3.0 miles each, at £13.00 an hour, 40 hours contracted.
    const figures = calculatePayroll({
      hourlyRatePence: 13_00,
      contractedMinutes: 40 * 60,
      visits: visits(10, 60, 15, 30),
      periodEnd: '2026-05-31',
    });
    expect(figures).toMatchObject({
      visitMinutes: 600,
      travelMinutes: 150,
      regularMinutes: 750,
      overtimeMinutes: 0,
      regularPayPence: 162_50, // 12.5 h × £13.00
      travelPayPence: 32_50,
      mileagePence: 13_50, // 30 miles × 45p
      grossPence: 176_00,
    });
    expect(figures.minimumWage.below).toBe(false);
  });

  it('pays the minutes beyond contracted hours at 1.5 times, rounded once to the penny', () => {
    const figures = calculatePayroll({
      hourlyRatePence: 12_99,
      contractedMinutes: 60,
      visits: visits(1, 100),
      periodEnd: '2026-05-31',
    });
    expect(figures).toMatchObject({
      regularMinutes: 60,
      overtimeMinutes: 40,
      regularPayPence: 12_99,
      overtimePayPence: 12_99,
    });
    // 40 min × £12.99 × 1.5 = £12.99 exactly; 7 minutes: 7 × 1299 × 1.5 / 60 = 227.325 → 227p
    expect(
      calculatePayroll({ hourlyRatePence: 12_99, contractedMinutes: 0, visits: visits(1, 7), periodEnd: '2026-05-31' })
        .overtimePayPence,
    ).toBe(227);
  });

  it('deducts the admin-set estimate (tax 20%, NI 10%, pension 4%) from pay, not from mileage', () => {
    const figures = calculatePayroll({
      hourlyRatePence: 15_00,
      contractedMinutes: 10_000,
      visits: visits(1, 600, 0, 100),
      periodEnd: '2026-05-31',
    });
    expect(figures).toMatchObject({
      grossPence: 150_00 + 4_50,
      taxPence: 30_00,
      nationalInsurancePence: 15_00,
      pensionPence: 6_00,
      netPence: 154_50 - 51_00,
    });
  });

  it('flags pay below the National Living Wage when unpaid travel is counted as working time', () => {
    // £12.80 an hour looks above £12.71, but 8 hours of visits with 2 hours of unpaid travel between them is
    // £102.40 for 10 hours of work: £10.24 an hour.
    const unpaidTravel = { ...DEFAULT_PAYROLL_POLICY, travelPaid: false };
    const figures = calculatePayroll({
      hourlyRatePence: 12_80,
      contractedMinutes: 10_000,
      visits: visits(8, 60, 15),
      periodEnd: '2026-05-31',
      policy: unpaidTravel,
    });
    expect(figures.minimumWage).toEqual({
      workingMinutes: 600,
      payPence: 102_40,
      livingWageHourlyPence: 12_71,
      below: true,
    });
    // Paid travel puts the same carer right.
    expect(
      calculatePayroll({
        hourlyRatePence: 12_80,
        contractedMinutes: 10_000,
        visits: visits(8, 60, 15),
        periodEnd: '2026-05-31',
      }).minimumWage.below,
    ).toBe(false);
  });

  it('uses the National Living Wage in force at the end of the period', () => {
    const before = calculatePayroll({
      hourlyRatePence: 12_50,
      contractedMinutes: 10_000,
      visits: visits(1, 60),
      periodEnd: '2026-03-31',
    });
    const after = calculatePayroll({
      hourlyRatePence: 12_50,
      contractedMinutes: 10_000,
      visits: visits(1, 60),
      periodEnd: '2026-04-30',
    });
    expect([before.minimumWage.livingWageHourlyPence, before.minimumWage.below]).toEqual([12_21, false]);
    expect([after.minimumWage.livingWageHourlyPence, after.minimumWage.below]).toEqual([12_71, true]);
  });

  it('flags pay below the National Living Wage even when mileage lifts the gross above it', () => {
    // 10 hours at £12.00 is £120.00, below 10 × £12.71 = £127.10. 100 miles at 45p add £45.00 to the payslip
    // (£165.00 gross), but mileage repays the car's costs: it is not pay for the hours.
    const figures = calculatePayroll({
      hourlyRatePence: 12_00,
      contractedMinutes: 10_000,
      visits: visits(10, 60, 0, 100),
      periodEnd: '2026-05-31',
    });
    expect(figures.grossPence).toBe(165_00);
    expect(figures.minimumWage).toEqual({
      workingMinutes: 600,
      payPence: 120_00,
      livingWageHourlyPence: 12_71,
      below: true,
    });
  });

  it('pay exactly at the wage is not below it', () => {
    expect(
      calculatePayroll({
        hourlyRatePence: 12_71,
        contractedMinutes: 10_000,
        visits: visits(3, 20),
        periodEnd: '2026-05-31',
      }).minimumWage.below,
    ).toBe(false);
  });

  it('pay at the wage is not below it when rounding to the penny takes a fraction off', () => {
    // 7 minutes at £12.71 is 148.28p, paid as 148p: the same as 7 minutes at the wage, so not below it.
    const atWage = calculatePayroll({
      hourlyRatePence: 12_71,
      contractedMinutes: 10_000,
      visits: visits(1, 7),
      periodEnd: '2026-05-31',
    });
    expect([atWage.regularPayPence, atWage.minimumWage.below]).toEqual([148, false]);
    // A penny an hour less over an hour is a penny short: below.
    const short = calculatePayroll({
      hourlyRatePence: 12_70,
      contractedMinutes: 10_000,
      visits: visits(1, 60),
      periodEnd: '2026-05-31',
    });
    expect(short.minimumWage.below).toBe(true);
  });
});
