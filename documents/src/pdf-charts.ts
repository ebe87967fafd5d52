import { contentWidth, ensureSpace, formatFigure, PDF_COLOURS, PDF_FONTS, type Pdf } from './pdf-style';

interface BarChart {
  readonly title: string;
  readonly bars: readonly { readonly label: string; readonly value: number }[];
  readonly unit?: string;
}

interface LineChart {
  readonly title: string;
  readonly labels: readonly string[];
  readonly series: readonly { readonly name: string; readonly values: readonly number[] }[];
  readonly unit?: string;
}

const BAR_HEIGHT = 14;
const BAR_GAP = 5;
const CHART_HEIGHT = 160;

function chartTitle(doc: Pdf, title: string): void {
  doc
    .font(PDF_FONTS.bold)
    .fontSize(10)
    .fillColor(PDF_COLOURS.text)
    .text(title, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
}

/** Horizontal bars, one per label, each with its figure written at its end (a chart must read without colour). */
export function drawBarChart(doc: Pdf, chart: BarChart): void {
  ensureSpace(doc, 40 + Math.min(chart.bars.length, 8) * (BAR_HEIGHT + BAR_GAP));
  chartTitle(doc, chart.title);
  if (chart.bars.length === 0) {
    doc.font(PDF_FONTS.regular).fontSize(9).fillColor(PDF_COLOURS.muted).text('Nothing recorded for this chart.');
    doc.moveDown(0.8);
    return;
  }
  const left = doc.page.margins.left;
  const labelWidth = contentWidth(doc) * 0.3;
  const valueWidth = 60;
  const barSpace = contentWidth(doc) - labelWidth - valueWidth - 8;
  const max = Math.max(0, ...chart.bars.map((bar) => bar.value));
  for (const bar of chart.bars) {
    ensureSpace(doc, BAR_HEIGHT + BAR_GAP);
    const top = doc.y;
    doc
      .font(PDF_FONTS.regular)
      .fontSize(8)
      .fillColor(PDF_COLOURS.text)
      .text(bar.label, left, top + 3, { width: labelWidth - 4, height: BAR_HEIGHT, ellipsis: true, lineBreak: false });
    const length = max > 0 ? Math.max(0, (bar.value / max) * barSpace) : 0;
    if (length > 0) doc.rect(left + labelWidth, top, length, BAR_HEIGHT).fill(PDF_COLOURS.brand);
    doc
      .font(PDF_FONTS.regular)
      .fontSize(8)
      .fillColor(PDF_COLOURS.text)
      .text(formatFigure(bar.value, chart.unit), left + labelWidth + length + 4, top + 3, {
        width: valueWidth,
        lineBreak: false,
      });
    doc.x = left;
    doc.y = top + BAR_HEIGHT + BAR_GAP;
  }
  doc.moveDown(0.8);
}

/** Lines over a shared axis of labels (days, weeks or months), with a legend naming each series. */
export function drawLineChart(doc: Pdf, chart: LineChart): void {
  ensureSpace(doc, CHART_HEIGHT + 60);
  chartTitle(doc, chart.title);
  const left = doc.page.margins.left + 36;
  const width = contentWidth(doc) - 36;
  const top = doc.y;
  const values = chart.series.flatMap((series) => series.values);
  const max = Math.max(1, ...values);
  const y = (value: number) => top + CHART_HEIGHT - (value / max) * CHART_HEIGHT;
  const x = (index: number) =>
    left + (chart.labels.length <= 1 ? width / 2 : (index / (chart.labels.length - 1)) * width);

  doc.lineWidth(0.5).strokeColor(PDF_COLOURS.rule);
  for (const fraction of [0, 0.5, 1]) {
    doc
      .moveTo(left, y(max * fraction))
      .lineTo(left + width, y(max * fraction))
      .stroke();
    doc
      .font(PDF_FONTS.regular)
      .fontSize(7)
      .fillColor(PDF_COLOURS.muted)
      .text(formatFigure(max * fraction, chart.unit), doc.page.margins.left, y(max * fraction) - 4, {
        width: 32,
        align: 'right',
        lineBreak: false,
      });
  }
  chart.series.forEach((series, seriesIndex) => {
    const colour = PDF_COLOURS.series[seriesIndex % PDF_COLOURS.series.length] ?? PDF_COLOURS.brand;
    doc.lineWidth(1.5).strokeColor(colour);
    series.values.forEach((value, index) =>
      index === 0 ? doc.moveTo(x(index), y(value)) : doc.lineTo(x(index), y(value)),
    );
    if (series.values.length > 1) doc.stroke();
    series.values.forEach((value, index) => doc.circle(x(index), y(value), 1.8).fill(colour));
  });
  // At most about eight labels along the axis, evenly spread, so they never overlap.
  const step = Math.max(1, Math.ceil(chart.labels.length / 8));
  chart.labels.forEach((label, index) => {
    const last = chart.labels.length - 1;
    // Every step-th label and the last one; a stepped label too close to the last gives way to it.
    if (index !== last && (index % step !== 0 || last - index < step)) return;
    doc
      .font(PDF_FONTS.regular)
      .fontSize(7)
      .fillColor(PDF_COLOURS.muted)
      .text(label, x(index) - 30, top + CHART_HEIGHT + 4, { width: 60, align: 'center', lineBreak: false });
  });
  let legendX = left;
  const legendY = top + CHART_HEIGHT + 18;
  chart.series.forEach((series, seriesIndex) => {
    const colour = PDF_COLOURS.series[seriesIndex % PDF_COLOURS.series.length] ?? PDF_COLOURS.brand;
    doc.rect(legendX, legendY + 1, 8, 8).fill(colour);
    doc
      .font(PDF_FONTS.regular)
      .fontSize(8)
      .fillColor(PDF_COLOURS.text)
      .text(series.name, legendX + 11, legendY, { lineBreak: false });
    legendX += 20 + doc.widthOfString(series.name);
  });
  doc.x = doc.page.margins.left;
  doc.y = legendY + 18;
  doc.moveDown(0.5);
}
