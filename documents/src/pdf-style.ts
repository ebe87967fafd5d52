import type PDFDocument from 'pdfkit';

export type Pdf = InstanceType<typeof PDFDocument>;

export const PDF_FONTS = { regular: 'Body', bold: 'Body-Bold' } as const;

/** The product's colours in print: the brand teal for titles and the first series, dark text, grey rules. */
export const PDF_COLOURS = {
  brand: '#0b6e77',
  text: '#1f2933',
  muted: '#52606d',
  rule: '#cbd2d9',
  headerFill: '#e6f2f3',
  series: ['#0b6e77', '#c2410c', '#4338ca', '#15803d', '#a21caf', '#b45309'],
} as const;

/** The width between the margins of the current page. */
export function contentWidth(doc: Pdf): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** Starts a new page when less than `height` points are left on this one. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** A figure as a person reads it: whole numbers plain, others to one decimal place. */
export function formatFigure(value: number, unit = ''): string {
  const text = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return unit === '%' ? `${text}%` : unit ? `${text} ${unit}` : text;
}
