/**
 * A cell as a spreadsheet should read it: text, a number, yes/no, or empty. `{ decimal }` is a number already
 * written with its decimals ("-12.50": money from integer pence), kept as written instead of being guarded as text.
 */
export type CsvValue = string | number | boolean | null | undefined | { readonly decimal: string };
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Text that a spreadsheet would run as a formula (= + - @, or a leading tab or carriage return, OWASP's list)
 * starts with a single quote instead: a care note must never become a command in the office's Excel.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 field. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  // Only a plain decimal passes as a number; anything else is text, with the formula guard below.
  if (typeof value === 'object') return DECIMAL.test(value.decimal) ? value.decimal : csvField(value.decimal);
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole CSV document: a header row, CRLF line ends (RFC 4180) and a UTF-8 byte order mark so that Excel reads
 * names with accents correctly.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Sends `body` as a CSV download named `filename`. */
export function attachCsv(
  ctx: { set(field: string, value: string): void; type: string; body: unknown },
  filename: string,
  body: string,
): void {
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  ctx.body = body;
}
