import { describe, expect, it } from 'vitest';
import type { InvoiceEvent, RecordedEvent } from '@care/events';
import { invoiceDocumentOf } from './invoice-document';

const invoiceId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const clientId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7c';
const funderId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7d';
let revision = -1n;
const recorded = (event: InvoiceEvent, occurredAt = '2026-04-03T10:00:00.000Z'): RecordedEvent<InvoiceEvent> =>
  ({ ...event, revision: (revision += 1n), metadata: { occurredAt } }) as unknown as RecordedEvent<InvoiceEvent>;

describe('the invoice as its PDF shows it, from its own stream', () => {
  it('folds the edit, the sending, a part payment and a credit note into the figures the read API gives', () => {
    revision = -1n;
    const events = [
      recorded({
        type: 'InvoiceIssued',
        data: {
          invoiceId,
          number: 'INV-2026-4',
          clientId,
          funderId,
          sharePercent: 100,
          periodStart: '2026-03-01',
          periodEnd: '2026-03-31',
          issuedOn: '2026-04-01',
          dueOn: '2026-05-01',
          lines: [
            {
              appointmentId: null,
              date: '2026-03-04',
              description: 'Personal care 04/03/2026',
              minutes: 60,
              hourlyRatePence: 24_00,
              amountPence: 24_00,
              kind: 'visit',
            },
          ],
          totalPence: 24_00,
        },
      }),
      recorded({
        type: 'InvoiceDraftEdited',
        data: {
          invoiceId,
          clientId,
          dueOn: '2026-05-15',
          purchaseOrder: 'PO-1',
          notes: null,
          charges: [{ date: '2026-03-20', description: 'Key safe fitted', amountPence: 25_00 }],
          totalPence: 49_00,
        },
      }),
      recorded(
        { type: 'InvoiceSent', data: { invoiceId, clientId, sentTo: 'invoices@council.example' } },
        '2026-04-03T11:00:00.000Z',
      ),
      recorded({
        type: 'InvoicePaymentRecorded',
        data: {
          invoiceId,
          paymentId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a80',
          clientId,
          amountPence: 20_00,
          receivedOn: '2026-04-10',
          method: 'bank_transfer',
          reference: null,
        },
      }),
      recorded({
        type: 'CreditNoteIssued',
        data: {
          invoiceId,
          creditNoteId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a81',
          clientId,
          amountPence: 4_00,
          issuedOn: '2026-04-11',
          reason: 'Shorter visit',
        },
      }),
    ];
    const document = invoiceDocumentOf(
      events,
      { clientName: 'Edith Green', funderName: 'Leeds City Council' },
      '2026-04-20',
    );
    expect(document).toMatchObject({
      number: 'INV-2026-4',
      clientName: 'Edith Green',
      funderName: 'Leeds City Council',
      dueOn: '2026-05-15',
      purchaseOrder: 'PO-1',
      totalPence: 49_00,
      paidPence: 20_00,
      creditedPence: 4_00,
      outstandingPence: 25_00,
      status: 'processing',
      sentAt: '2026-04-03T11:00:00.000Z',
      sentTo: 'invoices@council.example',
      revision: '4',
    });
    expect(document!.lines.map((line) => [line.kind, line.amountPence])).toEqual([
      ['visit', 24_00],
      ['charge', 25_00],
    ]);
    expect(document!.payments).toHaveLength(1);
    expect(document!.creditNotes).toEqual([
      {
        id: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a81',
        amountPence: 4_00,
        issuedOn: '2026-04-11',
        reason: 'Shorter visit',
      },
    ]);
  });

  it('is nothing for a stream without an invoice', () => {
    expect(invoiceDocumentOf([], { clientName: null, funderName: null }, '2026-04-20')).toBeUndefined();
  });
});
