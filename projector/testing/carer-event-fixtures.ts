import { randomUUID } from 'node:crypto';
import { carerStreamId, definitionOf, type CarerEvent, type EventStore, type NewEvent } from '@care/events';

const stamp = (event: CarerEvent, index: number): NewEvent => ({
  eventId: randomUUID(),
  type: event.type,
  schemaVersion: definitionOf(event.type).schemaVersion,
  data: event.data,
  metadata: {
    userId: 'fixture',
    occurredAt: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
    correlationId: `fixture-${index}`,
    causationId: `fixture-${index}`,
  },
});

/** One carer's history: registered, then (by number) edited, deactivated, reactivated or removed. */
export function carerHistory(n: number): CarerEvent[] {
  const carerId = randomUUID();
  const events: CarerEvent[] = [
    {
      type: 'CarerRegistered',
      data: {
        carerId,
        userId: randomUUID(),
        firstName: `First${n}`,
        lastName: `Last${n}`,
        email: `carer${n}@example.org`,
        region: (['north', 'south', 'east', 'west', 'central'] as const)[n % 5] ?? null,
        employeeId: `EMP-${n}`,
        startDate: '2024-03-01',
        specialization: 'general',
        qualifications: ['Care Certificate'],
        phoneNumber: null,
        emergencyContact: null,
        emergencyPhone: null,
        address: `${n} High Street`,
        dateOfBirth: '1980-05-17',
        hourlyRatePence: 1200 + (n % 300),
        maxClientsPerDay: 8,
        notes: null,
        isActive: true,
      },
    },
  ];
  if (n % 2 === 0)
    events.push({
      type: 'CarerDetailsChanged',
      data: { carerId, changes: { phoneNumber: `07700 ${n}`, qualifications: ['Care Certificate', 'First Aid'] } },
    });
  if (n % 3 === 0) events.push({ type: 'CarerDeactivated', data: { carerId } });
  if (n % 6 === 0) events.push({ type: 'CarerReactivated', data: { carerId } });
  if (n % 7 === 0) events.push({ type: 'CarerRemoved', data: { carerId } });
  return events;
}

/** Appends the histories of `carers` carers, 8 writers at a time; returns the number of events. */
export async function appendCarerHistories(store: EventStore, carers: number): Promise<number> {
  let next = 0;
  let total = 0;
  const writer = async () => {
    while (next < carers) {
      const n = next++;
      const history = carerHistory(n);
      const carerId = (history[0]!.data as { carerId: string }).carerId;
      await store.append(
        carerStreamId(carerId),
        history.map((event, i) => stamp(event, n * 10 + i)),
        'no_stream',
      );
      total += history.length;
    }
  };
  await Promise.all(Array.from({ length: 8 }, writer));
  return total;
}

/** Registers one carer with this first name (a fixture for rules about one event); returns the carer's id. */
export async function registerCarer(store: EventStore, firstName: string): Promise<string> {
  const registered = carerHistory(0)[0]!;
  const data = { ...(registered.data as Extract<CarerEvent, { type: 'CarerRegistered' }>['data']), firstName };
  await store.append(carerStreamId(data.carerId), [stamp({ type: 'CarerRegistered', data }, 0)], 'no_stream');
  return data.carerId;
}
