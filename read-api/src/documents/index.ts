/**
 * `@care/read-api/documents`: the one PDF renderer and the invoice document, for the command side, which mails an
 * invoice's PDF when it is sent (the same document Download gives).
 */
export { renderPdf, type PdfSpec } from './pdf';
export { invoicePdfSpec } from '../finance/invoice-pdf';
