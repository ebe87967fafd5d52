import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventDate, eventInteger, eventPence, eventText, eventTextList } from '../event-fields';
import { TEXT_LIMITS } from '../limits';
import { FINANCE_MONEY_LIMITS } from './finance-enums';

/**
 * Client contracts and exchange rates (the finance screen's contracts and its currency strip). A contract's
 * status (upcoming, active, expired) is derived from its dates and today, never stored: it changes with the
 * calendar, not with an event.
 */

export const CONTRACT_LIMITS = {
  services: 20,
  serviceLength: 100,
} as const;

/** A contract agreed with a client: its own number, the period, what it is worth and the services it covers. */
export const ContractCreated = defineEvent(
  'ContractCreated',
  1,
  z.object({
    contractId: z.uuid(),
    contractNumber: eventText(TEXT_LIMITS.reference),
    clientId: z.uuid(),
    startDate: eventDate(),
    endDate: eventDate(),
    /** The contract's whole value in pence. */
    valuePence: eventPence(FINANCE_MONEY_LIMITS.invoicePence),
    services: eventTextList(CONTRACT_LIMITS.services, CONTRACT_LIMITS.serviceLength),
    /** When the renewal must be agreed (an alert is raised 30 days before). */
    renewalDate: eventDate(),
  }),
);

/** The contract was renewed: it now runs to a new end date, with a new renewal date (and value, if it changed). */
export const ContractRenewed = defineEvent(
  'ContractRenewed',
  1,
  z.object({
    contractId: z.uuid(),
    clientId: z.uuid(),
    endDate: eventDate(),
    renewalDate: eventDate(),
    valuePence: eventPence(FINANCE_MONEY_LIMITS.invoicePence),
  }),
);

/** A contract number is taken (one stream per number, created with "no stream": two contracts cannot share it). */
export const ContractNumberReserved = defineEvent(
  'ContractNumberReserved',
  1,
  z.object({ contractNumber: eventText(TEXT_LIMITS.reference), contractId: z.uuid() }),
);

/** The currencies of the strip besides GBP (the primary). */
export const FOREIGN_CURRENCIES = ['USD', 'EUR', 'CAD', 'AUD'] as const;
export type ForeignCurrency = (typeof FOREIGN_CURRENCIES)[number];

/**
 * Exchange rates are units of the currency per 1 GBP, in millionths (1.27 USD = 1_270_000): integers like every
 * other figure, so a conversion never drifts through floating point. 1,000 per pound is far above any real rate.
 */
export const RATE_MICROS_LIMITS = { min: 1, max: 1_000_000_000 } as const;

/** An administrator set the agency's exchange rates from GBP on a date (never "live": typed in, with who and when). */
export const ExchangeRatesSet = defineEvent(
  'ExchangeRatesSet',
  1,
  z.object({
    effectiveOn: eventDate(),
    rates: z.object({
      USD: eventInteger(RATE_MICROS_LIMITS),
      EUR: eventInteger(RATE_MICROS_LIMITS),
      CAD: eventInteger(RATE_MICROS_LIMITS),
      AUD: eventInteger(RATE_MICROS_LIMITS),
    }),
  }),
);

export const contractSliceEvents = [
  ContractCreated,
  ContractRenewed,
  ContractNumberReserved,
  ExchangeRatesSet,
] as const;
export type ContractSliceEvent = EventOf<typeof contractSliceEvents>;
export type ContractEvent = Extract<ContractSliceEvent, { type: 'ContractCreated' | 'ContractRenewed' }>;

export const contractStreamId = (contractId: string): string => `contract-${contractId}`;
/** Case and spaces do not make a different number: "CT 001" and "ct001" are one. */
export const contractNumberStreamId = (contractNumber: string): string =>
  `contract-number-${contractNumber.replace(/\s+/g, '').toLowerCase()}`;
/** One stream holds the agency's exchange rates from GBP (their history is the stream). */
export const EXCHANGE_RATES_STREAM = 'exchange-rates-gbp';
