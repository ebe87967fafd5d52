/**
 * Reads a CSV file (RFC 4180: quoted fields with "" inside, commas and line breaks in quotes, CRLF or LF) into
 * rows of cells. A UTF-8 byte order mark (what Excel and our own export write) is dropped; wholly empty lines are
 * kept as empty rows so row numbers stay those of the spreadsheet. An unclosed quote is reported, not guessed.
 */
export function readCsv(text: string): { rows: string[][] } | { error: string } {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (quoted) return { error: `A quoted field is not closed (row ${rows.length + 1})` };
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return { rows };
}

/** The formula guard of our own export (a leading ' before = + - @) taken off again. */
export const unguardCell = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** A header as a spreadsheet may spell it ("Employee ID", "first-name") in the export's form (employee_id). */
export const normaliseHeader = (header: string): string =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** One CSV line (RFC 4180 quoting) for the import templates, which the browser builds without the server. */
export const toCsvLine = (cells: readonly string[]): string =>
  cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',');
