import { z } from 'zod';
import { CARER_SPECIALIZATIONS, REGIONS } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';
import { eventDate, eventInteger, eventPence, eventText, eventTextList } from '../event-fields';
import { LIST_LIMITS, MONEY_LIMITS, NUMBER_LIMITS, TEXT_LIMITS } from '../limits';

/** Everything about a carer that can be set on registration and changed later. */
export const carerProfileSchema = z.object({
  firstName: eventText(TEXT_LIMITS.personName),
  lastName: eventText(TEXT_LIMITS.personName),
  email: eventText(TEXT_LIMITS.email),
  region: z.enum(REGIONS).nullable(),
  employeeId: eventText(TEXT_LIMITS.reference),
  startDate: eventDate(),
  specialization: z.enum(CARER_SPECIALIZATIONS).nullable(),
  qualifications: eventTextList(LIST_LIMITS.qualifications, TEXT_LIMITS.listEntry),
  phoneNumber: eventText(TEXT_LIMITS.phone).nullable(),
  emergencyContact: eventText(TEXT_LIMITS.contactName).nullable(),
  emergencyPhone: eventText(TEXT_LIMITS.phone).nullable(),
  address: eventText(TEXT_LIMITS.address).nullable(),
  dateOfBirth: eventDate().nullable(),
  /** Integer pence (DESIGN.md decision 6). */
  hourlyRatePence: eventPence(MONEY_LIMITS.hourlyRatePence).nullable(),
  maxClientsPerDay: eventInteger(NUMBER_LIMITS.maxClientsPerDay),
  notes: eventText(TEXT_LIMITS.notes).nullable(),
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
