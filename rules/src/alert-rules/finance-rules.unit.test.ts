import { describe, expect, it } from 'vitest';
import type { OverdueInvoiceFact } from '@care/projector/rule-facts';
import { invoiceOverdue } from './finance-rules';

const NOW = new Date('2026-11-23T10:30:00Z');
const invoice: OverdueInvoiceFact = {
  id: '0190a6b0-0000-7000-8000-000000000011',
  number: 'INV-2026-7',
  clientId: '0190a6b0-0000-7000-8000-0000000000c1',
  clientName: 'Edith Green',
  funderName: 'Leeds City Council',
  dueOn: '2026-11-01',
  outstandingPence: 123_45,
};

describe('invoice overdue rule', () => {
  it('given an unpaid invoice past its due date, raises a medium alert saying who owes what since when', () => {
    expect(invoiceOverdue.severity).toBe('medium');
    expect(invoiceOverdue.holds([invoice], NOW)).toEqual([
      {
        subject: invoice.id,
        title: 'Invoice overdue',
        description:
          "Invoice INV-2026-7 to Leeds City Council for Edith Green's care was due on 01/11/2026 and £123.45 is still unpaid.",
        relatedKind: 'invoice',
        relatedId: invoice.id,
        carerId: null,
        clientId: invoice.clientId,
        appointmentId: null,
        actionRequired: 'Chase the payment with the funder, or record the payment or a credit note',
        dueDate: '2026-11-01T23:59:59.000Z',
      },
    ]);
  });

  it('given no overdue invoices, raises nothing', () => {
    expect(invoiceOverdue.holds([], NOW)).toEqual([]);
  });
});
