import { describe, expect, it } from 'vitest';
import { historyDetails } from './visit-history';

describe("a visit's history in words", () => {
  it('says a check-in recorded offline was, with the phone’s time and when it was received', () => {
    const lines = historyDetails({
      id: 'visit',
      carerId: 'carer',
      checkedInAt: '2026-11-28T09:02:00.000Z',
      recordedAt: '2026-11-28T10:31:00.000Z',
      offlineCapturedAt: '2026-11-28T09:02:00.000Z',
      handEnteredReason: null,
      source: 'Mobile',
    });
    expect(lines).toEqual([
      'Recorded offline at 09:02, received 10:31',
      'Checked in at: 28/11/2026 09:02',
      'Source: Mobile',
    ]);
  });

  it('shows the server’s time of a check-in sent at once as it was recorded', () => {
    expect(historyDetails({ checkedInAt: '2026-11-28T09:02:00.000Z', recordedAt: '2026-11-28T09:02:00.000Z' })).toEqual(
      ['Checked in at: 28/11/2026 09:02', 'Recorded at: 28/11/2026 09:02'],
    );
  });
});
