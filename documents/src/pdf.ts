import { createRequire } from 'node:module';
import { drawBarChart, drawLineChart } from './pdf-charts';
import { drawTable } from './pdf-table';
import { ensureSpace, PDF_COLOURS, PDF_FONTS, type Pdf } from './pdf-style';

/** A block of a document, laid out top to bottom; a block that does not fit on the page moves to the next. */
export type PdfBlock =
  | { readonly kind: 'heading'; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'fields'; readonly rows: readonly (readonly [label: string, value: string])[] }
  | {
      readonly kind: 'table';
      readonly columns: readonly { readonly header: string; readonly width?: number }[];
      readonly rows: readonly (readonly string[])[];
      readonly fontSize?: number;
    }
  | {
      readonly kind: 'barChart';
      readonly title: string;
      readonly bars: readonly { readonly label: string; readonly value: number }[];
      readonly unit?: string;
    }
  | {
      readonly kind: 'lineChart';
      readonly title: string;
      readonly labels: readonly string[];
      readonly series: readonly { readonly name: string; readonly values: readonly number[] }[];
      readonly unit?: string;
    }
  | { readonly kind: 'pageBreak' };

export interface PdfSpec {
  readonly title: string;
  readonly subtitle?: string;
  /** Landscape for wide grids (a month's MAR chart). */
  readonly layout?: 'portrait' | 'landscape';
  readonly blocks: readonly PdfBlock[];
}

const require = createRequire(import.meta.url);
/**
 * DejaVu Sans, embedded (pdfkit keeps only the glyphs used): the PDF standard fonts cover Western European
 * letters only, and a client called Łukasz or Nguyễn must print as written.
 */
const FONT_FILES = {
  [PDF_FONTS.regular]: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  [PDF_FONTS.bold]: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

/**
 * One PDF renderer for every export of the product (reports, incident reports, care plans, MAR charts, audit
 * timelines): A4, the document's title on the first page, the page number on every page.
 */
export async function renderPdf(spec: PdfSpec): Promise<Buffer> {
  // pdfkit and its font tables are loaded on the first download, not at start: a service that never makes a PDF
  // never pays for them (tens of megabytes in every process that imports the documents package).
  const { default: PDFDocument } = await import('pdfkit');
  const doc: Pdf = new PDFDocument({
    size: 'A4',
    layout: spec.layout ?? 'portrait',
    margins: { top: 48, bottom: 56, left: 48, right: 48 },
    bufferPages: true,
    lang: 'en-GB',
    displayTitle: true,
    info: { Title: spec.title, Creator: 'Care platform' },
  });
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(PDF_FONTS.bold).fontSize(16).fillColor(PDF_COLOURS.brand).text(spec.title);
  if (spec.subtitle) doc.font(PDF_FONTS.regular).fontSize(10).fillColor(PDF_COLOURS.muted).text(spec.subtitle);
  doc.moveDown(0.8);
  for (const block of spec.blocks) drawBlock(doc, block);
  numberPages(doc);
  doc.end();
  return done;
}

function drawBlock(doc: Pdf, block: PdfBlock): void {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  switch (block.kind) {
    case 'heading':
      ensureSpace(doc, 40);
      doc
        .moveDown(0.4)
        .font(PDF_FONTS.bold)
        .fontSize(12)
        .fillColor(PDF_COLOURS.text)
        .text(block.text, doc.page.margins.left, doc.y, { width });
      doc.moveDown(0.3);
      return;
    case 'paragraph':
      doc
        .font(PDF_FONTS.regular)
        .fontSize(10)
        .fillColor(PDF_COLOURS.text)
        .text(block.text, doc.page.margins.left, doc.y, { width });
      doc.moveDown(0.5);
      return;
    case 'fields':
      drawTable(doc, {
        columns: [
          { header: '', width: 1 },
          { header: '', width: 2.5 },
        ],
        rows: block.rows,
        boldFirstColumn: true,
        headerless: true,
      });
      return;
    case 'table':
      drawTable(doc, { columns: block.columns, rows: block.rows, fontSize: block.fontSize });
      return;
    case 'barChart':
      drawBarChart(doc, block);
      return;
    case 'lineChart':
      drawLineChart(doc, block);
      return;
    case 'pageBreak':
      doc.addPage();
      return;
  }
}

function numberPages(doc: Pdf): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would make pdfkit add a page; lift the margin while the number is written.
    doc.page.margins.bottom = 0;
    doc
      .font(PDF_FONTS.regular)
      .fontSize(8)
      .fillColor(PDF_COLOURS.muted)
      .text(`Page ${index + 1} of ${count}`, doc.page.margins.left, doc.page.height - 32, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** Sends `pdf` as a download named `filename`. */
export function attachPdf(
  ctx: { set(field: string, value: string): void; type: string; body: unknown },
  filename: string,
  pdf: Buffer,
): void {
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `attachment; filename="${filename.replace(/["\\\r\n]/g, '')}"`);
  ctx.body = pdf;
}
