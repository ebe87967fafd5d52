/** Aged debtors: what each debtor owes, by how long ago the invoice was issued (the usual credit-control view). */
export const AGE_BANDS = ['0-30 days', '31-60 days', '61-90 days', '90+ days'] as const;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The band of an invoice issued on `issuedOn` as seen on `asOf` (0 to 30 days old falls in the first). */
export function ageBand(issuedOn: string, asOf: string): number {
  const days = daysBetween(issuedOn, asOf);
  if (days <= 30) return 0;
  if (days <= 60) return 1;
  return days <= 90 ? 2 : 3;
}

export interface AgedDebtor {
  readonly debtorId: string;
  readonly debtorName: string;
  /** Pence per band, in AGE_BANDS order. */
  readonly bands: readonly [number, number, number, number];
  readonly totalPence: number;
}

/** Sums the owed invoices per debtor and band; the biggest debt first. Pure. */
export function ageDebts(
  invoices: readonly { debtorId: string; debtorName: string; issuedOn: string; owedPence: number }[],
  asOf: string,
): AgedDebtor[] {
  const byDebtor = new Map<string, { debtorName: string; bands: [number, number, number, number] }>();
  for (const invoice of invoices) {
    if (invoice.owedPence <= 0) continue;
    const entry = byDebtor.get(invoice.debtorId) ?? { debtorName: invoice.debtorName, bands: [0, 0, 0, 0] };
    const band = ageBand(invoice.issuedOn, asOf);
    entry.bands[band] = (entry.bands[band] ?? 0) + invoice.owedPence;
    byDebtor.set(invoice.debtorId, entry);
  }
  return [...byDebtor.entries()]
    .map(([debtorId, { debtorName, bands }]) => ({
      debtorId,
      debtorName,
      bands,
      totalPence: bands.reduce((sum, band) => sum + band, 0),
    }))
    .sort((a, b) => b.totalPence - a.totalPence || a.debtorName.localeCompare(b.debtorName));
}
