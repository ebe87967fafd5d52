import { describe, expect, it } from 'vitest';
import type { ProjectionEvent } from '@care/events';
import { decide, evolve, initialProjectionStreamState } from './decide';

const eventId = '0196a0c4-7a4e-7c3b-9b57-3f4f7c1e2d10';
const otherId = '0196a0c4-7a4e-7c3b-9b57-3f4f7c1e2d11';
const stateAfter = (events: ProjectionEvent[]) => events.reduce(evolve, initialProjectionStreamState);
const stalled = (id: string): ProjectionEvent => ({
  type: 'ProjectionStalled',
  data: { projection: 'diary', eventId: id, eventType: 'DiaryEntryAdded' },
});
const skip = { type: 'SkipProjectionEvent', projection: 'diary', eventId, reason: 'Corrupt import row' } as const;

describe('skipping the event a projection stalled on', () => {
  it('records the decision with the projection, the event and the reason', () => {
    expect(decide(stateAfter([stalled(eventId)]), skip)).toEqual([
      { type: 'ProjectionEventSkipped', data: { projection: 'diary', eventId, reason: 'Corrupt import row' } },
    ]);
  });

  it('refuses an event the projection is not stopped at: running, stopped elsewhere, retried, or already skipped', () => {
    const refused = { kind: 'conflict', field: 'eventId' };
    expect(() => decide(stateAfter([]), skip)).toThrow(expect.objectContaining(refused));
    expect(() => decide(stateAfter([stalled(otherId)]), skip)).toThrow(expect.objectContaining(refused));
    expect(() =>
      decide(
        stateAfter([stalled(eventId), { type: 'ProjectionStallCleared', data: { projection: 'diary', eventId } }]),
        skip,
      ),
    ).toThrow(expect.objectContaining(refused));
    const skipped = decide(stateAfter([stalled(eventId)]), skip);
    expect(() => decide(stateAfter([stalled(eventId), ...skipped]), skip)).toThrow(expect.objectContaining(refused));
  });
});
