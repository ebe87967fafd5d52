import { z } from 'zod';
import { CARER_SPECIALIZATIONS, REGIONS } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';
import { eventDate, eventInteger, eventPence, eventText, eventTextList } from '../event-fields';
import { LIST_LIMITS, MONEY_LIMITS, NUMBER_LIMITS, TEXT_LIMITS } from '../limits';
import { TRAVEL_MODES } from '../travel/travel-estimate';

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
  /** Integer pence (docs/decisions/0009-money-in-pence-durations-in-minutes.md). */
  hourlyRatePence: eventPence(MONEY_LIMITS.hourlyRatePence).nullable(),
  maxClientsPerDay: eventInteger(NUMBER_LIMITS.maxClientsPerDay),
  notes: eventText(TEXT_LIMITS.notes).nullable(),
  /** How the carer gets between visits; added later, so an older event leaves it out, which reads as by car. */
  travelMode: z.enum(TRAVEL_MODES).optional(),
});
export type CarerProfile = z.infer<typeof carerProfileSchema>;

export const CarerRegistered = defineEvent(
  'CarerRegistered',
  1,
  // userId: the account that signs in as this carer, or null when none is linked (records before the link was
  // validated may name an id that is no account: they show as not linked).
  carerProfileSchema.extend({ carerId: z.uuid(), userId: z.uuid().nullable(), isActive: z.boolean() }),
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

/** An administrator linked a user account (role carer) to the record: that account now signs in as this carer. */
export const CarerAccountLinked = defineEvent(
  'CarerAccountLinked',
  1,
  z.object({ carerId: z.uuid(), userId: z.uuid() }),
);
/** The account no longer signs in as this carer; `userId` is the account that was linked. */
export const CarerAccountUnlinked = defineEvent(
  'CarerAccountUnlinked',
  1,
  z.object({ carerId: z.uuid(), userId: z.uuid() }),
);

export const carerEventDefinitions = [
  CarerRegistered,
  CarerDetailsChanged,
  CarerDeactivated,
  CarerReactivated,
  CarerRemoved,
  CarerAccountLinked,
  CarerAccountUnlinked,
] as const;
export type CarerEvent = EventOf<typeof carerEventDefinitions>;

export const carerStreamId = (carerId: string): string => `carer-${carerId}`;
