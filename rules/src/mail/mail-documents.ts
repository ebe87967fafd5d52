import { invoicePdfSpec, renderPdf } from '@care/documents';
import { fromStoredAttachment, type MailAttachment, type MailDocument, type StoredAttachment } from '@care/command-api';

/** Makes a document named by a queued message from the data the message carries (never from the read models now). */
export function renderMailDocument(document: MailDocument): Promise<Buffer> {
  switch (document.kind) {
    case 'invoice':
      return renderPdf(invoicePdfSpec(document.invoice, document.agency, document.funderKind));
  }
}

/** A stored attachment as the transport sends it: its bytes as kept, or the document made now. */
export async function deliverableAttachment(stored: StoredAttachment): Promise<MailAttachment> {
  const attachment = fromStoredAttachment(stored);
  if ('content' in attachment) return attachment;
  return {
    filename: attachment.filename,
    contentType: attachment.contentType,
    content: await renderMailDocument(attachment.document),
  };
}
