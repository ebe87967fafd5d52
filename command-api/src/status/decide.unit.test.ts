import { describe, expect, it } from 'vitest';
import { decide } from './decide';

describe('skipping the event a projection stalled on', () => {
  it('records the decision with the projection, the event and the reason', () => {
    const eventId = '0196a0c4-7a4e-7c3b-9b57-3f4f7c1e2d10';
    expect(decide({ type: 'SkipProjectionEvent', projection: 'diary', eventId, reason: 'Corrupt import row' })).toEqual([
      { type: 'ProjectionEventSkipped', data: { projection: 'diary', eventId, reason: 'Corrupt import row' } },
    ]);
  });
});
