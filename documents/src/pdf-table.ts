import { contentWidth, PDF_COLOURS, PDF_FONTS, type Pdf } from './pdf-style';

interface TableInput {
  readonly columns: readonly { readonly header: string; readonly width?: number }[];
  readonly rows: readonly (readonly string[])[];
  readonly fontSize?: number;
  /** A list of label and value pairs: no header row, labels in bold. */
  readonly headerless?: boolean;
  readonly boldFirstColumn?: boolean;
}

const PADDING = 3;

/**
 * A table whose cells wrap; a row that does not fit goes to the next page, and the header row is repeated
 * there so a printed page can be read on its own.
 */
export function drawTable(doc: Pdf, table: TableInput): void {
  const fontSize = table.fontSize ?? 9;
  const left = doc.page.margins.left;
  const totalWeight = table.columns.reduce((sum, column) => sum + (column.width ?? 1), 0);
  const widths = table.columns.map((column) => ((column.width ?? 1) / totalWeight) * contentWidth(doc));
  const header = table.columns.map((column) => column.header);

  const rowHeight = (cells: readonly string[], bold: (index: number) => boolean): number =>
    Math.max(
      ...widths.map((width, index) => {
        doc.font(bold(index) ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(fontSize);
        return doc.heightOfString(cells[index] ?? '', { width: width - 2 * PADDING }) + 2 * PADDING;
      }),
    );

  const drawRow = (cells: readonly string[], bold: (index: number) => boolean, fill?: string): void => {
    const height = rowHeight(cells, bold);
    const top = doc.y;
    if (fill) doc.rect(left, top, contentWidth(doc), height).fill(fill);
    let x = left;
    widths.forEach((width, index) => {
      doc
        .font(bold(index) ? PDF_FONTS.bold : PDF_FONTS.regular)
        .fontSize(fontSize)
        .fillColor(PDF_COLOURS.text)
        .text(cells[index] ?? '', x + PADDING, top + PADDING, { width: width - 2 * PADDING });
      x += width;
    });
    doc
      .moveTo(left, top + height)
      .lineTo(left + contentWidth(doc), top + height)
      .lineWidth(0.5)
      .strokeColor(PDF_COLOURS.rule)
      .stroke();
    doc.x = left;
    doc.y = top + height;
  };

  const headerBold = () => true;
  const bodyBold = (index: number) => Boolean(table.boldFirstColumn) && index === 0;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const drawHeader = () => {
    if (!table.headerless) drawRow(header, headerBold, PDF_COLOURS.headerFill);
  };

  if (
    doc.y + (table.headerless ? 0 : rowHeight(header, headerBold)) + rowHeight(table.rows[0] ?? [], bodyBold) >
    bottom()
  )
    doc.addPage();
  drawHeader();
  for (const row of table.rows) {
    if (doc.y + rowHeight(row, bodyBold) > bottom()) {
      doc.addPage();
      drawHeader();
    }
    drawRow(row, bodyBold);
  }
  doc.moveDown(0.8);
}
