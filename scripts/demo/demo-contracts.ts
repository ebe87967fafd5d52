import { addDays, type CreateContractCommandInput } from '@care/events';

/** Request bodies as sent (the rates as typed decimals, as the Currency Exchange dialog sends them). */
export interface DemoExchangeRates {
  readonly effectiveOn: string;
  readonly rates: { readonly USD: string; readonly EUR: string; readonly CAD: string; readonly AUD: string };
}

/**
 * Two settings of the exchange rates (a month ago and this week), so the strip shows the newest with who set it and
 * when, and the history has more than one row. Figures typed by hand, as an office would: never "live".
 */
export function demoExchangeRates(today: string): DemoExchangeRates[] {
  return [
    { effectiveOn: addDays(today, -30), rates: { USD: '1.2650', EUR: '1.1580', CAD: '1.7420', AUD: '1.9310' } },
    { effectiveOn: addDays(today, -2), rates: { USD: '1.2710', EUR: '1.1620', CAD: '1.7480', AUD: '1.9405' } },
  ];
}

const SERVICES = [
  ['Personal care', 'Medication support'],
  ['Personal care', 'Meal preparation', 'Companionship'],
  ['Companionship', 'Shopping'],
  ['Personal care', 'Night sitting'],
  ['Medication support', 'Domestic help'],
] as const;

/**
 * Client contracts, one per the first eight clients: most active for a year, one renewing in 12 days (it raises the
 * contract-renewal-due alert), one whose renewal date passed while it still runs, one expired and one not started.
 */
export function demoContracts(clientIds: readonly string[], today: string): CreateContractCommandInput[] {
  const year = today.slice(0, 4);
  const shapes: { start: number; end: number; renewal: number }[] = [
    { start: -353, end: 12 + 30, renewal: 12 },
    { start: -200, end: 165, renewal: 120 },
    { start: -100, end: 265, renewal: 220 },
    { start: -400, end: 20, renewal: -5 },
    { start: -500, end: -135, renewal: -165 },
    { start: 14, end: 379, renewal: 320 },
    { start: -30, end: 335, renewal: 290 },
    { start: -250, end: 115, renewal: 70 },
  ];
  return clientIds.slice(0, shapes.length).map((clientId, index) => {
    const shape = shapes[index]!;
    return {
      contractNumber: `CT-${year}-${String(index + 1).padStart(3, '0')}`,
      clientId,
      startDate: addDays(today, shape.start),
      endDate: addDays(today, shape.end),
      renewalDate: addDays(today, shape.renewal),
      // £9,000 to £23,000 a year, in whole pounds.
      valuePence: (9_000 + index * 2_000) * 100,
      services: [...SERVICES[index % SERVICES.length]!],
    };
  });
}
