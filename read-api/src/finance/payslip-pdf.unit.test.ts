import { describe, expect, it } from 'vitest';
import type { PayslipDetailView } from '@care/events';
import { payslipPdfSpec } from './payslip-pdf';

const figures: PayslipDetailView['figures'] = {
  visitCount: 3,
  visitMinutes: 180,
  regularMinutes: 180,
  overtimeMinutes: 0,
  travelMinutes: 40,
  hourlyRatePence: 1200,
  regularPayPence: 3600,
  overtimePayPence: 0,
  travelPayPence: 800,
  mileageTenths: 0,
  mileagePencePerMile: 45,
  mileagePence: 0,
  grossPence: 4400,
  taxPence: 0,
  nationalInsurancePence: 0,
  pensionPence: 0,
  netPence: 4400,
  workingMinutes: 220,
  holidayAccruedMinutes: 22,
  livingWageHourlyPence: 1221,
  belowMinimumWage: false,
  travelPaid: true,
  taxPercent: 0,
  nationalInsurancePercent: 0,
  pensionPercent: 0,
};

function payslip(extra: Partial<PayslipDetailView['figures']>): PayslipDetailView {
  return {
    payslipId: '00000000-0000-4000-8000-000000000001',
    runId: '00000000-0000-4000-8000-000000000002',
    carerId: '00000000-0000-4000-8000-000000000003',
    carerName: 'Amy Carer',
    employeeId: 'EMP-1',
    periodStart: '2026-11-01',
    periodEnd: '2026-11-07',
    visitCount: 3,
    workedMinutes: 180,
    overtimeMinutes: 0,
    grossPence: 4400,
    deductionsPence: 0,
    netPence: 4400,
    mileagePence: 0,
    belowMinimumWage: false,
    status: 'processed',
    processedAt: '2026-11-08T09:00:00.000Z',
    sentAt: null,
    sentTo: null,
    figures: { ...figures, ...extra },
  };
}

const texts = (spec: ReturnType<typeof payslipPdfSpec>): string[] =>
  spec.blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []));

describe('the payslip PDF', () => {
  it('says how much of the travel was estimated from distance, and for how many visits', () => {
    const spec = payslipPdfSpec(
      payslip({
        estimatedTravelMinutes: 24,
        estimatedTravelAppointmentIds: ['00000000-0000-4000-8000-000000000010', '00000000-0000-4000-8000-000000000011'],
      }),
      { agencyName: 'Care Co', agencyAddress: null },
    );
    expect(texts(spec)).toContainEqual(expect.stringContaining('0h 24m was estimated from the distance'));
    expect(texts(spec)).toContainEqual(expect.stringContaining('for 2 visits with no travel recorded'));
  });

  it('says nothing of estimates when all travel was recorded, or on a payslip issued before estimates', () => {
    for (const extra of [{ estimatedTravelMinutes: 0, estimatedTravelAppointmentIds: [] }, {}]) {
      const spec = payslipPdfSpec(payslip(extra), { agencyName: 'Care Co', agencyAddress: null });
      expect(texts(spec).some((text) => text.includes('estimated from the distance'))).toBe(false);
    }
  });
});
