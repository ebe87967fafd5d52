import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { checkInRequestSchema, createCarerRequestSchema, scheduleAppointmentRequestSchema } from '@care/events';
import { demoVisits } from './demo-appointments';
import { demoCarers } from './demo-carers';
import { demoClients } from './demo-clients';
import { distanceKm, placeOfAddress, type DemoPlace } from './demo-places';

/** The demo as demo-quarter.ts builds it: its carers and clients, the active ones' visits, check-ins at home. */
function demoRounds(now: Date) {
  const carers = demoCarers();
  const carerIds = carers.map(() => uuidv7());
  const clients = demoClients(carerIds);
  const clientIds = clients.map(() => uuidv7());
  const homes = new Map<string, DemoPlace>([
    ...carerIds.map(
      (id, index) => [id, placeOfAddress(createCarerRequestSchema.parse(carers[index]).address ?? '')] as const,
    ),
    ...clientIds.map((id, index) => [id, placeOfAddress(clients[index]!.address)] as const),
  ]);
  const visits = demoVisits(
    carerIds.filter((_, index) => carers[index]!.isActive !== false),
    clientIds.filter((_, index) => clients[index]!.isActive !== false),
    now,
    (clientId) => homes.get(clientId)!,
  );
  return { homes, visits };
}

describe('where the demo carers are', () => {
  const { homes, visits } = demoRounds(new Date('2026-11-28T10:07:00Z'));

  it('lives within 30 km of every client they visit', () => {
    const far: string[] = [];
    let pairs = 0;
    for (const visit of visits) {
      const { carerId, clientId } = scheduleAppointmentRequestSchema.parse(visit.schedule);
      if (!carerId) continue;
      pairs += 1;
      const km = distanceKm(homes.get(carerId)!, homes.get(clientId)!);
      if (km > 30) far.push(`${carerId} → ${clientId}: ${km.toFixed(1)} km`);
    }
    expect(pairs).toBeGreaterThan(3000);
    expect(far).toEqual([]);
  });

  it("checks in on the phone at the client's home, within a kilometre", () => {
    const away: string[] = [];
    let located = 0;
    for (const { schedule, steps } of visits) {
      for (const step of steps) {
        if (step.action !== 'check-in') continue;
        const { location } = checkInRequestSchema.parse(step.body);
        if (!location) continue;
        located += 1;
        const km = distanceKm(location, homes.get(schedule.clientId)!);
        if (km > 1) away.push(`${schedule.clientId}: ${km.toFixed(1)} km`);
      }
    }
    expect(located).toBeGreaterThan(1000);
    expect(away).toEqual([]);
  });
});
