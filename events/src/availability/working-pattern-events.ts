import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventDate, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';
import { MAX_WEEKLY_HOURS_LIMIT } from './working-pattern';

/** The most weekly ranges and dated exceptions one pattern holds: far more than any rota needs, bounded as every list in an event is. */
export const MAX_WEEKLY_RANGES = 70;
export const MAX_PATTERN_EXCEPTIONS = 400;

/** 'HH:MM' from 00:00 to 23:59; an end may also be '24:00' (midnight at the end of the day). */
export const CLOCK_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const END_CLOCK_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

const eventHours = z.number().min(0).max(MAX_WEEKLY_HOURS_LIMIT);

/** A carer's whole working pattern, as set (who set it and when are in the event's metadata). */
export const WorkingPatternSet = defineEvent(
  'WorkingPatternSet',
  1,
  z.object({
    carerId: z.uuid(),
    weekly: z
      .array(
        z.object({
          weekday: z.union([
            z.literal(1),
            z.literal(2),
            z.literal(3),
            z.literal(4),
            z.literal(5),
            z.literal(6),
            z.literal(7),
          ]),
          start: z.string().max(5).regex(CLOCK_PATTERN),
          end: z.string().max(5).regex(END_CLOCK_PATTERN),
        }),
      )
      .max(MAX_WEEKLY_RANGES),
    exceptions: z
      .array(
        z.object({
          date: eventDate(),
          available: z.boolean(),
          start: z.string().max(5).regex(CLOCK_PATTERN).nullable(),
          end: z.string().max(5).regex(END_CLOCK_PATTERN).nullable(),
          note: eventText(TEXT_LIMITS.shortReason).nullable(),
        }),
      )
      .max(MAX_PATTERN_EXCEPTIONS),
    contractedHoursPerWeek: eventHours.nullable(),
    weeklyHoursLimit: eventHours.min(1),
    optedOutOn: eventDate().nullable(),
  }),
);

export const workingPatternEvents = [WorkingPatternSet] as const;
export type WorkingPatternEvent = EventOf<typeof workingPatternEvents>;

/** One stream per carer: the pattern is replaced whole, so its history is the list of patterns set. */
export const workingPatternStreamId = (carerId: string): string => `carer-working-pattern-${carerId.toLowerCase()}`;
