import { z } from 'zod';
import { integerBetween, requiredDate, requiredReference, requiredText, safeText } from '../fields';
import { TEXT_LIMITS } from '../limits';
import { CONTRACT_LIMITS, RATE_MICROS_LIMITS } from './contract-events';
import { FINANCE_MONEY_LIMITS } from './finance-enums';

const valuePence = integerBetween(
  0,
  FINANCE_MONEY_LIMITS.invoicePence,
  'Value must be a whole number of pence from 0 to 1000000000',
);
const services = z
  .array(
    safeText(
      CONTRACT_LIMITS.serviceLength,
      `Each service must be at most ${CONTRACT_LIMITS.serviceLength} characters`,
    ).min(1, 'A service cannot be blank'),
    {
      error: 'Services must be a list',
    },
  )
  .min(1, 'At least one service is required')
  .max(CONTRACT_LIMITS.services, `At most ${CONTRACT_LIMITS.services} services`);

/** POST /api/finance/contracts (New Contract). */
export const createContractRequestSchema = z.object({
  contractNumber: requiredText('Contract number is required', TEXT_LIMITS.reference),
  clientId: requiredReference('Client is required', 'Client not found'),
  startDate: requiredDate('Start date is required'),
  endDate: requiredDate('End date is required'),
  valuePence,
  services,
  renewalDate: requiredDate('Renewal date is required'),
});
export type CreateContractCommandInput = z.output<typeof createContractRequestSchema>;

/** POST /api/finance/contracts/:id/renew */
export const renewContractRequestSchema = z.object({
  endDate: requiredDate('End date is required'),
  renewalDate: requiredDate('Renewal date is required'),
  valuePence,
});
export type RenewContractCommandInput = z.output<typeof renewContractRequestSchema>;

/** A rate typed as a decimal ("1.2705"): kept as millionths of a unit per GBP, never as a float. */
const rate = (currency: string) =>
  z.union([z.string(), z.number()], { error: `${currency} rate is required` }).transform((value, ctx) => {
    const micros = decimalToMicros(String(value));
    if (micros === null || micros < RATE_MICROS_LIMITS.min || micros > RATE_MICROS_LIMITS.max) {
      ctx.addIssue({ code: 'custom', message: `${currency} rate must be a number above 0 with at most 6 decimals` });
      return z.NEVER;
    }
    return micros;
  });

/** POST /api/finance/exchange-rates (Currency Exchange): units of each currency for 1 GBP, from a date on. */
export const setExchangeRatesRequestSchema = z.object({
  effectiveOn: requiredDate('Date is required'),
  rates: z.object(
    { USD: rate('USD'), EUR: rate('EUR'), CAD: rate('CAD'), AUD: rate('AUD') },
    { error: 'Rates are required' },
  ),
});
export type SetExchangeRatesCommandInput = z.output<typeof setExchangeRatesRequestSchema>;

/** "1.27" as 1_270_000 (millionths); null when it is not a plain decimal with at most 6 decimals. */
export function decimalToMicros(text: string): number | null {
  const match = /^(\d{1,4})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 1_000_000 + Number((match[2] ?? '').padEnd(6, '0'));
}
