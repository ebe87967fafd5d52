import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';

/**
 * A user account signs in as at most one carer. The write side enforces it like employee IDs: one reservation
 * stream per account id, created with expected "no stream", so of two racing links exactly one wins.
 */
export const CarerAccountReserved = defineEvent(
  'CarerAccountReserved',
  1,
  z.object({ userId: z.uuid(), carerId: z.uuid() }),
);
export const CarerAccountReleased = defineEvent(
  'CarerAccountReleased',
  1,
  z.object({ userId: z.uuid(), carerId: z.uuid() }),
);

export const carerAccountEventDefinitions = [CarerAccountReserved, CarerAccountReleased] as const;
export type CarerAccountEvent = EventOf<typeof carerAccountEventDefinitions>;

export const carerAccountStreamId = (userId: string): string => `carer-account-${userId.toLowerCase()}`;
