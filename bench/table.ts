/** One line of the printed table. `target` is only set for the figures with a goal. */
export interface Row {
  readonly metric: string;
  readonly value: number;
  readonly unit: string;
  readonly target?: { readonly atLeast: number } | { readonly atMost: number };
}

const format = (value: number) =>
  Number.isInteger(value)
    ? value.toLocaleString('en-GB')
    : value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const targetMet = (row: Row): boolean =>
  row.target === undefined ||
  ('atLeast' in row.target ? row.value >= row.target.atLeast : row.value <= row.target.atMost);

const targetText = (target: NonNullable<Row['target']>): string =>
  'atLeast' in target ? `≥ ${format(target.atLeast)}` : `≤ ${format(target.atMost)}`;

/** A fixed-width table: metric left-aligned, numbers right-aligned, so runs can be compared by eye. */
export function renderTable(rows: readonly Row[]): string {
  const cells = rows.map((row) => [
    row.metric,
    format(row.value),
    row.unit,
    row.target ? `${targetText(row.target)} ${targetMet(row) ? 'met' : 'MISSED'}` : '',
  ]);
  const header = ['metric', 'value', 'unit', 'target'];
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column]!.length)));
  const line = (cell: readonly string[]) =>
    cell
      .map((text, column) => (column === 1 ? text.padStart(widths[column]!) : text.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(header), rule, ...cells.map(line)].join('\n');
}
