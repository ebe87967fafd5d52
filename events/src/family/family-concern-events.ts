import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

/** What a family member writes to the office: a concern (the office must act) or a compliment (passed on). */
export const FAMILY_CONCERN_KINDS = ['concern', 'compliment'] as const;
export type FamilyConcernKind = (typeof FAMILY_CONCERN_KINDS)[number];
export const FAMILY_CONCERN_KIND_LABELS: Record<FamilyConcernKind, string> = {
  concern: 'Concern',
  compliment: 'Compliment',
};

/** How long a family member's message and the office's reply may be. */
export const FAMILY_CONCERN_TEXT_MAX = TEXT_LIMITS.visitNotes;

/**
 * A family member raised a concern or a compliment about a client they have access to, stream
 * `family-concern-<concernId>` (docs/features/family-concerns.md). Who raised it and when are the event's metadata
 * (the family account and the moment it was appended); `userId` is repeated here so the read model can list a
 * person's own messages. `appointmentId` is one of the client's visits, or null when it is about the care in general.
 */
export const FamilyConcernRaised = defineEvent(
  'FamilyConcernRaised',
  1,
  z.object({
    concernId: z.uuid(),
    clientId: z.uuid(),
    userId: z.uuid(),
    kind: z.enum(FAMILY_CONCERN_KINDS),
    appointmentId: z.uuid().nullable(),
    text: eventText(FAMILY_CONCERN_TEXT_MAX).min(1),
  }),
);

/** The office replied to the family member: the concern is answered (its alert is resolved) and the reply is theirs to read. */
export const FamilyConcernAnswered = defineEvent(
  'FamilyConcernAnswered',
  1,
  z.object({
    concernId: z.uuid(),
    clientId: z.uuid(),
    reply: eventText(FAMILY_CONCERN_TEXT_MAX).min(1),
  }),
);

export const familyConcernEventDefinitions = [FamilyConcernRaised, FamilyConcernAnswered] as const;
export type FamilyConcernEvent = EventOf<typeof familyConcernEventDefinitions>;
export const familyConcernStreamId = (concernId: string): string => `family-concern-${concernId}`;
