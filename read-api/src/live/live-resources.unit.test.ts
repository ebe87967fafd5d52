import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@care/events';
import { projections } from '@care/projector';
import { audiencesOf, LIVE_RESOURCES, projectionsReadBy } from './live-resources';

describe('live resources', () => {
  it('pushes a change of every read model, to holders of a real permission', () => {
    expect(Object.keys(LIVE_RESOURCES).sort()).toEqual(projections.map((projection) => projection.name).sort());
    for (const name of Object.keys(LIVE_RESOURCES)) {
      for (const { resources, permissions, own } of audiencesOf(name)) {
        expect(resources.length).toBeGreaterThan(0);
        const all = [...permissions, ...(own ? [own.permission] : [])];
        expect(all.length).toBeGreaterThan(0);
        for (const permission of all) expect(Object.keys(PERMISSIONS)).toContain(permission);
      }
    }
  });

  it("tells carers, not staff, that their clients changed when a visit does (a carer's clients are those of their visits)", () => {
    const clientPushes = audiencesOf('appointments').filter((audience) => audience.resources.includes('clients'));
    expect(clientPushes.flatMap((audience) => audience.permissions)).toEqual([]);
    expect(clientPushes.map((audience) => audience.own)).toEqual([
      { permission: 'appointments.readOwn', work: 'visits' },
    ]);
    expect(PERMISSIONS['appointments.readOwn'].roles).toEqual(['carer']);
    // A read of /api/clients after a visit change waits for the visits too (read-your-writes), and for the family
    // access list, which is read under a client's address (GET /api/clients/:id/family).
    expect(projectionsReadBy('/api/clients')).toEqual(['clients', 'appointments', 'family_access']);
  });
});
