import { z } from 'zod';
import { defineEvent } from '../event-definition';
import { eventInstant, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

/**
 * Put aside until `until`: the alert stays open but leaves the bell and the dashboard's alert figures meanwhile.
 * Who snoozed it is the metadata's userId. Snoozing a snoozed alert again moves its time.
 */
export const AlertSnoozed = defineEvent(
  'AlertSnoozed',
  1,
  z.object({ id: z.uuid(), until: eventInstant(), reason: eventText(TEXT_LIMITS.shortReason) }),
);

/**
 * The snooze is over: its time came (appended by the rules process, metadata userId `system:rules`) or a person
 * took it off early (Unsnooze). Acknowledging or resolving a snoozed alert ends its snooze without this event.
 */
export const AlertSnoozeEnded = defineEvent('AlertSnoozeEnded', 1, z.object({ id: z.uuid() }));
