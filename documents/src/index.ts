/**
 * `@care/documents`: the files the product makes. The one PDF renderer and the CSV writer, for every download of the
 * read API; and the documents more than one process makes: the invoice PDF (Download on the invoice, and the copy
 * mailed when an invoice is sent) and the report files (Export on the reports screen, and the scheduled reports).
 */
export { attachPdf, renderPdf, type PdfBlock, type PdfSpec } from './pdf';
export { attachCsv, csvField, toCsv, type CsvValue } from './csv';
export { invoicePdfSpec } from './invoice-pdf';
export { reportFile, type ReportFile, type ReportRequest } from './report-documents';
export { ReportQueries } from './report-queries';
