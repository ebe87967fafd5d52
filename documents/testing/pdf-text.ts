import { extractText, getDocumentProxy } from 'unpdf';

/** The text of every page of a PDF, pages joined by newlines, as a reader's copy-and-paste would give it. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}

/** How many pages a PDF has. */
export async function pdfPageCount(pdf: Uint8Array): Promise<number> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  return document.numPages;
}
