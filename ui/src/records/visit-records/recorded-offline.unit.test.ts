import { describe, expect, it } from 'vitest';
import { offlineNote } from './recorded-offline';

describe('offlineNote', () => {
  it('gives the phone’s time and the server’s, as clock times on one day', () => {
    expect(offlineNote({ capturedAt: '2026-11-28T09:02:00.000Z', receivedAt: '2026-11-28T10:31:00.000Z' })).toBe(
      'recorded offline at 09:02, received 10:31',
    );
  });

  it('adds the dates when the record reached the server on a later day', () => {
    expect(offlineNote({ capturedAt: '2026-11-28T22:50:00.000Z', receivedAt: '2026-11-29T07:05:00.000Z' })).toBe(
      'recorded offline at 28/11/2026 22:50, received 29/11/2026 07:05',
    );
  });

  it('is empty for a record sent when it was made', () => {
    expect(offlineNote(null)).toBe('');
  });
});
