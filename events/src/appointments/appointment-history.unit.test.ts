import { describe, expect, it } from 'vitest';
import { historyDataOf } from './appointment-history';

describe("a visit's history", () => {
  it('keeps the data as recorded, with the signature image replaced by whether there was one', () => {
    const id = '01938c7e-5a3b-7cde-8f00-0000000000aa';
    expect(
      historyDataOf('VisitAmended', {
        id,
        changes: { signature: 'data:image/png;base64,AAAA' },
        reason: 'Signed late',
      }),
    ).toEqual({
      id,
      changes: { signatureCaptured: true },
      reason: 'Signed late',
    });
    expect(historyDataOf('VisitCheckedOut', { id, signature: null, notes: 'Well' })).toEqual({
      id,
      signatureCaptured: false,
      notes: 'Well',
    });
    expect(historyDataOf('AppointmentCancelled', { id, reason: 'In hospital' })).toEqual({ id, reason: 'In hospital' });
  });
});
