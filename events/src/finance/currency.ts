import type { ForeignCurrency } from './contract-events';

/**
 * Pence to the foreign currency's minor unit (cents) at a rate in millionths per GBP, rounded half away from zero.
 * BigInt: pence (up to 10^9) times micros (up to 10^9) passes 2^53, where a plain number would lose digits.
 */
export function convertPence(pence: number, rateMicros: number): number {
  const product = BigInt(pence) * BigInt(rateMicros);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + 500_000n) / 1_000_000n;
  return Number(negative ? -rounded : rounded);
}

/** Millionths as the decimal an admin typed: 1_270_000 as "1.27", 1_000_000 as "1.00" (two decimals at least). */
export function microsToDecimal(micros: number): string {
  const whole = Math.floor(micros / 1_000_000);
  const fraction = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

const SYMBOLS: Record<ForeignCurrency | 'GBP', string> = { GBP: '£', USD: 'US$', EUR: '€', CAD: 'CA$', AUD: 'A$' };

/** Minor units (pence, cents) as "US$1,234.56": display only, from integers. */
export function formatMinorUnits(minor: number, currency: ForeignCurrency | 'GBP'): string {
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(minor);
  const units = Math.floor(absolute / 100).toLocaleString('en-GB');
  return `${sign}${SYMBOLS[currency]}${units}.${String(absolute % 100).padStart(2, '0')}`;
}
