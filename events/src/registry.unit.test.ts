import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseRecordedEvent, UnreadableEventError } from './registry';
import type { RawRecordedEvent } from './store/event-store';

const raw = (data: unknown): RawRecordedEvent => ({
  eventId: randomUUID(),
  streamId: 'feedback-1',
  revision: 0n,
  position: { commit: 1n, prepare: 1n },
  type: 'FeedbackSubmitted',
  schemaVersion: 1,
  data,
  metadata: { userId: 'u', occurredAt: '2026-11-27T10:00:00.000Z', correlationId: 'c', causationId: 'c' },
});
const feedback = { id: randomUUID(), type: 'general', category: 'general', message: 'Fine', rating: null, page: '/' };

describe('parseRecordedEvent', () => {
  it('validates a raw event once and gives the same parsed event for it again; another raw event is validated anew', () => {
    const event = raw(feedback);
    const first = parseRecordedEvent(event);
    expect(first.data).toEqual(feedback);
    expect(parseRecordedEvent(event)).toBe(first);
    expect(() => parseRecordedEvent(raw({ ...feedback, rating: 'five' }))).toThrow(UnreadableEventError);
  });
});
