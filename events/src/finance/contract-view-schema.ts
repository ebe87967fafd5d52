import { z } from 'zod';
import { FOREIGN_CURRENCIES } from './contract-events';

/** The contracts and exchange-rate replies (GET /api/finance/contracts, /api/finance/exchange-rates). Money in pence. */
export const CONTRACT_STATUSES = ['upcoming', 'active', 'expired'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const contractViewSchema = z.strictObject({
  id: z.uuid(),
  contractNumber: z.string(),
  clientId: z.uuid(),
  clientName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  valuePence: z.int(),
  services: z.array(z.string()),
  renewalDate: z.string(),
  /** Derived from the dates and today (London): upcoming before the start, expired after the end. */
  status: z.enum(CONTRACT_STATUSES),
  /** Days from today to the renewal date (negative once it has passed). */
  daysToRenewal: z.int(),
  createdAt: z.string(),
});
export type ContractView = z.infer<typeof contractViewSchema>;

const ratesSchema = z.strictObject(
  Object.fromEntries(FOREIGN_CURRENCIES.map((currency) => [currency, z.int()])) as Record<
    (typeof FOREIGN_CURRENCIES)[number],
    z.ZodInt
  >,
);

export const exchangeRatesViewSchema = z.strictObject({
  effectiveOn: z.string(),
  /** Units of each currency for 1 GBP, in millionths. */
  rates: ratesSchema,
  setAt: z.string(),
  setByName: z.string().nullable(),
});
export type ExchangeRatesView = z.infer<typeof exchangeRatesViewSchema>;

export const exchangeRatesReplySchema = z.strictObject({
  /** The rates in force today (the newest on or before today); null until an admin sets some. */
  current: exchangeRatesViewSchema.nullable(),
  /** Every setting, newest first. */
  history: z.array(exchangeRatesViewSchema),
});
export type ExchangeRatesReply = z.infer<typeof exchangeRatesReplySchema>;

/** The derived status of a contract on `today` (YYYY-MM-DD). */
export function contractStatus(contract: { startDate: string; endDate: string }, today: string): ContractStatus {
  if (today < contract.startDate) return 'upcoming';
  return today > contract.endDate ? 'expired' : 'active';
}
