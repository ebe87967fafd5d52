import { describe, expect, it } from 'vitest';
import type { OutboxRecord } from './outbox';
import { doseKey, pendingDoseKeys, withPendingRecords } from './pending-records';

const visit = (id: string, status: 'scheduled' | 'in_progress' | 'completed' | 'cancelled') => ({
  id,
  status,
  actualStartTime: null,
  actualEndTime: null,
  checkInSource: null,
});

let seq = 0;
const record = (visitId: string, kind: OutboxRecord['kind'], extra: Partial<OutboxRecord> = {}): OutboxRecord => {
  seq += 1;
  return {
    id: `r${seq}`,
    seq,
    userId: 'carer-1',
    method: 'POST',
    path: `/api/appointments/${visitId}/${kind}`,
    body: { source: 'Mobile' },
    capturedAt: `2026-11-28T09:0${seq % 10}:00.000Z`,
    label: kind,
    visitId,
    kind,
    state: 'waiting',
    ...extra,
  };
};

describe('records waiting to send, laid over the visits shown', () => {
  it('shows a visit checked in on the phone as in progress from the time it was tapped, waiting to send', () => {
    const checkIn = record('v1', 'check-in', { capturedAt: '2026-11-28T09:02:00.000Z' });
    const [shown] = withPendingRecords([visit('v1', 'scheduled')], [checkIn]);
    expect(shown).toEqual({
      id: 'v1',
      status: 'in_progress',
      actualStartTime: '2026-11-28T09:02:00.000Z',
      actualEndTime: null,
      checkInSource: 'Mobile',
      waitingToSend: ['check-in'],
    });
  });

  it('completes a visit checked in and out on the phone, with the doses in between', () => {
    const records = [
      record('v1', 'check-in', { capturedAt: '2026-11-28T09:02:00.000Z' }),
      record('v1', 'dose'),
      record('v1', 'check-out', { capturedAt: '2026-11-28T09:40:00.000Z' }),
    ];
    const [shown] = withPendingRecords([visit('v1', 'scheduled'), visit('v2', 'scheduled')], records);
    expect(shown).toMatchObject({
      status: 'completed',
      actualStartTime: '2026-11-28T09:02:00.000Z',
      actualEndTime: '2026-11-28T09:40:00.000Z',
      waitingToSend: ['check-in', 'dose', 'check-out'],
    });
  });

  it('uses the time the carer typed, when they typed one', () => {
    const checkIn = record('v1', 'check-in', { body: { source: 'Manual', checkedInAt: '2026-11-28T08:55:00.000Z' } });
    const [shown] = withPendingRecords([visit('v1', 'scheduled')], [checkIn]);
    expect(shown).toMatchObject({ actualStartTime: '2026-11-28T08:55:00.000Z', checkInSource: 'Manual' });
  });

  it('leaves other visits, and visits a refused record was for, as the server has them', () => {
    const refused = record('v1', 'check-out', { state: 'needs-attention', reason: 'Cancelled', status: 409 });
    const shown = withPendingRecords(
      [visit('v1', 'in_progress'), visit('v2', 'scheduled')],
      [refused, record('v3', 'check-in')],
    );
    expect(shown.map((one) => [one.status, one.waitingToSend])).toEqual([
      ['in_progress', []],
      ['scheduled', []],
    ]);
  });

  it('does not check in a visit the office cancelled meanwhile', () => {
    const [shown] = withPendingRecords([visit('v1', 'cancelled')], [record('v1', 'check-in')]);
    expect(shown?.status).toBe('cancelled');
  });

  it('marks the doses given an outcome on the phone', () => {
    const keys = pendingDoseKeys([
      record('v1', 'dose', { prescriptionId: 'p1', dueAt: '2026-11-28T09:00:00.000Z' }),
      record('v1', 'dose', { prescriptionId: 'p2', dueAt: '2026-11-28T09:00:00.000Z', state: 'needs-attention' }),
    ]);
    expect(keys.has(doseKey('p1', '2026-11-28T09:00:00.000Z'))).toBe(true);
    expect(keys.has(doseKey('p2', '2026-11-28T09:00:00.000Z'))).toBe(false);
  });
});
