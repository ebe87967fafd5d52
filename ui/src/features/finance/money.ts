const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Integer pence from the API as "£1,234.56" (the only place pence become pounds: display). */
export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}

/** "£12.50" typed in a form to integer pence, or null if it is not an amount with at most 2 decimals. */
export function poundsToPence(text: string): number | null {
  const match = /^£?\s*(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text.trim().replaceAll(',', ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "2026-03" as "Mar 2026". */
export function monthLabel(month: string): string {
  return new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
