import { v7 as uuidv7 } from 'uuid';
import {
  CARER_SPECIALIZATIONS,
  REGIONS,
  definitionOf,
  type CarerEvent,
  type CarerProfile,
  type CreateCarerRequest,
  type EventMetadata,
  type NewEvent,
} from '@care/events';

/**
 * Realistic carer payloads. The figures only mean something if the rows are the size the product
 * writes, so every field is filled the way a completed registration form fills it.
 */
const FIRST = ['Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Noah', 'Mia', 'Arthur', 'Ivy', 'Leo', 'Grace', 'Harry'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Evans', 'Khan'];
const QUALIFICATIONS = [
  'NVQ Level 2',
  'NVQ Level 3',
  'Manual Handling',
  'First Aid',
  'Medication Awareness',
  'Dementia Care',
];

const pick = <T>(items: readonly T[], n: number): T => items[n % items.length]!;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Profile number `n`: deterministic, so reruns write the same volume of data. */
export function carerProfile(n: number): CarerProfile {
  const firstName = pick(FIRST, n);
  const lastName = pick(LAST, Math.floor(n / FIRST.length));
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName}.${n}@example.co.uk`.toLowerCase(),
    region: pick(REGIONS, n),
    employeeId: `EMP-${pad(n, 6)}`,
    startDate: `20${pad(15 + (n % 10), 2)}-${pad(1 + (n % 12), 2)}-${pad(1 + (n % 28), 2)}`,
    specialization: pick(CARER_SPECIALIZATIONS, n),
    qualifications: [pick(QUALIFICATIONS, n), pick(QUALIFICATIONS, n + 2)],
    phoneNumber: `07700 9${pad(n % 100000, 5)}`,
    emergencyContact: `${pick(FIRST, n + 5)} ${lastName}`,
    emergencyPhone: `07700 8${pad(n % 100000, 5)}`,
    address: `${1 + (n % 200)} High Street, Leeds LS${1 + (n % 28)} ${1 + (n % 9)}AB`,
    dateOfBirth: `19${pad(60 + (n % 40), 2)}-${pad(1 + (n % 12), 2)}-${pad(1 + (n % 28), 2)}`,
    hourlyRatePence: 1150 + (n % 400),
    maxClientsPerDay: 4 + (n % 6),
    notes: n % 3 === 0 ? 'Prefers morning visits; car driver.' : null,
  };
}

/** The body of POST /api/carers for profile `n` (the form's field names: hourlyRate in pounds). */
export function carerRequest(n: number): CreateCarerRequest {
  const { hourlyRatePence, ...profile } = carerProfile(n);
  return {
    ...profile,
    hourlyRate: hourlyRatePence === null ? null : (hourlyRatePence / 100).toFixed(2),
    isActive: true,
  };
}

export function registered(carerId: string, n: number): CarerEvent {
  return { type: 'CarerRegistered', data: { ...carerProfile(n), carerId, userId: uuidv7(), isActive: true } };
}

export function detailsChanged(carerId: string, n: number): CarerEvent {
  return {
    type: 'CarerDetailsChanged',
    data: {
      carerId,
      changes: {
        phoneNumber: `07700 7${pad(n % 100000, 5)}`,
        address: `${2 + (n % 150)} Park Road, York YO1 ${n % 9}CD`,
      },
    },
  };
}

export const deactivated = (carerId: string): CarerEvent => ({ type: 'CarerDeactivated', data: { carerId } });
export const reactivated = (carerId: string): CarerEvent => ({ type: 'CarerReactivated', data: { carerId } });
export const removed = (carerId: string): CarerEvent => ({ type: 'CarerRemoved', data: { carerId } });

export function metadata(): EventMetadata {
  const correlationId = uuidv7();
  return { userId: 'bench', occurredAt: new Date().toISOString(), correlationId, causationId: correlationId };
}

/**
 * Stamps a domain event the way the command API does. The data is validated against its zod
 * schema once per event type: a bench that loads events the projector rejects measures nothing.
 */
const validated = new Set<string>();
export function stamp(event: CarerEvent): NewEvent {
  const definition = definitionOf(event.type);
  if (!validated.has(event.type)) {
    definition.schema.parse(event.data);
    validated.add(event.type);
  }
  return {
    eventId: uuidv7(),
    type: event.type,
    schemaVersion: definition.schemaVersion,
    data: event.data,
    metadata: metadata(),
  };
}
