export { pdfPageCount, pdfText } from './pdf-text';
