import { z } from 'zod';
import { CARER_SPECIALIZATIONS, REGIONS } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';

/** Everything about a carer that can be set on registration and changed later. */
export const carerProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  region: z.enum(REGIONS).nullable(),
  employeeId: z.string(),
  startDate: z.iso.date(),
  specialization: z.enum(CARER_SPECIALIZATIONS).nullable(),
  qualifications: z.array(z.string()),
  phoneNumber: z.string().nullable(),
  emergencyContact: z.string().nullable(),
  emergencyPhone: z.string().nullable(),
  address: z.string().nullable(),
  dateOfBirth: z.iso.date().nullable(),
  /** Integer pence (DESIGN.md decision 6). */
  hourlyRatePence: z.number().int().nonnegative().nullable(),
  maxClientsPerDay: z.number().int().positive(),
  notes: z.string().nullable(),
});
export type CarerProfile = z.infer<typeof carerProfileSchema>;

export const CarerRegistered = defineEvent(
  'CarerRegistered',
  1,
  carerProfileSchema.extend({ carerId: z.uuid(), userId: z.uuid(), isActive: z.boolean() }),
);

/** Only the fields that changed, so the history shows exactly what was edited. */
export const CarerDetailsChanged = defineEvent(
  'CarerDetailsChanged',
  1,
  z.object({ carerId: z.uuid(), changes: carerProfileSchema.partial() }),
);

export const CarerDeactivated = defineEvent('CarerDeactivated', 1, z.object({ carerId: z.uuid() }));
export const CarerReactivated = defineEvent('CarerReactivated', 1, z.object({ carerId: z.uuid() }));

/** The carer leaves every list; the stream and its history stay (care records are legal records). */
export const CarerRemoved = defineEvent('CarerRemoved', 1, z.object({ carerId: z.uuid() }));

export const carerEventDefinitions = [
  CarerRegistered,
  CarerDetailsChanged,
  CarerDeactivated,
  CarerReactivated,
  CarerRemoved,
] as const;
export type CarerEvent = EventOf<typeof carerEventDefinitions>;

export const carerStreamId = (carerId: string): string => `carer-${carerId}`;
