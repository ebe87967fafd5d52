import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@care/events';
import { projections } from '@care/projector';
import { LIVE_RESOURCES } from './live-resources';

describe('live resources', () => {
  it('pushes a change of every read model, to holders of a real permission', () => {
    expect(Object.keys(LIVE_RESOURCES).sort()).toEqual(projections.map((projection) => projection.name).sort());
    for (const { permissions } of Object.values(LIVE_RESOURCES)) {
      expect(permissions.length).toBeGreaterThan(0);
      for (const permission of permissions) expect(Object.keys(PERMISSIONS)).toContain(permission);
    }
  });
});
