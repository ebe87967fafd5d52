import { z } from 'zod';
import { CARE_LEVELS, COGNITIVE_LEVELS, MOBILITY_LEVELS } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';
import { eventDate, eventText, eventTextList } from '../event-fields';
import { LIST_LIMITS, TEXT_LIMITS } from '../limits';
import { NORMALISED_POSTCODE_PATTERN, POSTCODE_LENGTH, UK_BOUNDS } from '../travel/uk-postcode';
import { clientIdEventDefinitions } from './client-id-events';

/**
 * Everything about a client that the client form sets and a details change may edit. The keyworker and
 * the preferred carers are not here: they change through their own events, so the history says who
 * assigned which carer and when.
 */
export const clientProfileSchema = z.object({
  /** The agency's own reference ("CL-0001"); unique across clients. */
  clientId: eventText(TEXT_LIMITS.reference),
  firstName: eventText(TEXT_LIMITS.personName),
  lastName: eventText(TEXT_LIMITS.personName),
  dateOfBirth: eventDate(),
  address: eventText(TEXT_LIMITS.address),
  phoneNumber: eventText(TEXT_LIMITS.phone).nullable(),
  emergencyContact: eventText(TEXT_LIMITS.contactName),
  emergencyPhone: eventText(TEXT_LIMITS.phone),
  medicalConditions: eventTextList(LIST_LIMITS.clientConditions, TEXT_LIMITS.listEntry),
  medications: eventTextList(LIST_LIMITS.clientConditions, TEXT_LIMITS.listEntry),
  allergies: eventTextList(LIST_LIMITS.clientConditions, TEXT_LIMITS.listEntry),
  careLevel: z.enum(CARE_LEVELS),
  mobilityLevel: z.enum(MOBILITY_LEVELS).nullable(),
  cognitiveLevel: z.enum(COGNITIVE_LEVELS).nullable(),
  riskAssessment: eventText(TEXT_LIMITS.notes).nullable(),
  careInstructions: eventText(TEXT_LIMITS.notes).nullable(),
  /**
   * The client's GP practice (name and address) and its phone, for the MAR chart (NICE NG67). Added after
   * the first clients were registered: an older registration leaves them out, which reads as not recorded.
   */
  gpPractice: eventText(TEXT_LIMITS.address).nullable().optional(),
  gpPhone: eventText(TEXT_LIMITS.phone).nullable().optional(),
  /**
   * Where the client lives, for travel between visits: the postcode ("LS6 2AB") and the coordinates of the home.
   * Added later too: an older event leaves them out, which reads as not recorded.
   */
  postcode: z.string().max(POSTCODE_LENGTH).regex(NORMALISED_POSTCODE_PATTERN).nullable().optional(),
  latitude: z.number().min(UK_BOUNDS.latitude.min).max(UK_BOUNDS.latitude.max).nullable().optional(),
  longitude: z.number().min(UK_BOUNDS.longitude.min).max(UK_BOUNDS.longitude.max).nullable().optional(),
});
export type ClientProfile = z.infer<typeof clientProfileSchema>;

/** `id` is the record's uuid (the stream's id); `clientId` is the agency's reference. */
export const ClientRegistered = defineEvent(
  'ClientRegistered',
  1,
  clientProfileSchema.extend({
    id: z.uuid(),
    keyworkerCarerId: z.uuid().nullable(),
    preferredCarers: z.array(z.uuid()).max(LIST_LIMITS.preferredCarers),
    isActive: z.boolean(),
  }),
);

/** Only the fields that changed (a rename shows here: the diary projection listens for it). */
export const ClientDetailsChanged = defineEvent(
  'ClientDetailsChanged',
  1,
  z.object({ id: z.uuid(), changes: clientProfileSchema.partial() }),
);

export const ClientDeactivated = defineEvent('ClientDeactivated', 1, z.object({ id: z.uuid() }));
export const ClientReactivated = defineEvent('ClientReactivated', 1, z.object({ id: z.uuid() }));

/** null: the client no longer has a keyworker. */
export const ClientKeyworkerAssigned = defineEvent(
  'ClientKeyworkerAssigned',
  1,
  z.object({ id: z.uuid(), keyworkerCarerId: z.uuid().nullable() }),
);

/** The whole list, in order of preference. */
export const ClientPreferredCarersSet = defineEvent(
  'ClientPreferredCarersSet',
  1,
  z.object({ id: z.uuid(), carerIds: z.array(z.uuid()).max(LIST_LIMITS.preferredCarers) }),
);

/** The client leaves every list; the stream and its history stay (care records are legal records). */
export const ClientRemoved = defineEvent('ClientRemoved', 1, z.object({ id: z.uuid() }));

export const clientEventDefinitions = [
  ClientRegistered,
  ClientDetailsChanged,
  ClientDeactivated,
  ClientReactivated,
  ClientKeyworkerAssigned,
  ClientPreferredCarersSet,
  ClientRemoved,
] as const;
/** The events of one client's stream (`client-<uuid>`). */
export type ClientEvent = EventOf<typeof clientEventDefinitions>;

export const clientStreamId = (id: string): string => `client-${id}`;

/** Every event of this slice: the client streams and the client-ID reservations. */
export const clientSliceEvents = [...clientEventDefinitions, ...clientIdEventDefinitions] as const;
export type ClientSliceEvent = EventOf<typeof clientSliceEvents>;
