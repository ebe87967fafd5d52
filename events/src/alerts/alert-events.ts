import { z } from 'zod';
import { ALERT_RELATED_KINDS, ALERT_SEVERITIES } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInstant, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';
import { AlertSnoozeEnded, AlertSnoozed } from './alert-snooze-events';
import { AlertEscalationSent } from './alert-escalation-events';

/**
 * An alert's life. Who did each step is the event metadata's userId: a person's id, or `system:rules` when the rule
 * runner raised or cleared it. The stream is `alert-<id>` where the id is derived from the rule and its subject
 * (alertIdFor), so a rule raises one alert per subject however many runners try
 * (docs/decisions/0016-alert-rules-in-one-registry.md).
 */
export const AlertRaised = defineEvent(
  'AlertRaised',
  1,
  z.object({
    id: z.uuid(),
    /** The rule that raised it (rules registry), or `manual`. */
    rule: eventText(TEXT_LIMITS.reference),
    /** What the rule raised it about, for example an appointment id or `<carerId>/<date>`. */
    subject: eventText(TEXT_LIMITS.alertSubject),
    severity: z.enum(ALERT_SEVERITIES),
    title: eventText(TEXT_LIMITS.title),
    description: eventText(TEXT_LIMITS.notes),
    /** The record it is about (an alert's related entity). */
    relatedKind: z.enum(ALERT_RELATED_KINDS),
    relatedId: eventText(TEXT_LIMITS.alertSubject),
    /** The carer whose own visit or training it is about: that carer may read it (null: staff only). */
    carerId: z.uuid().nullable(),
    clientId: z.uuid().nullable(),
    appointmentId: z.uuid().nullable(),
    actionRequired: eventText(TEXT_LIMITS.shortReason).nullable(),
    dueDate: eventInstant().nullable(),
    /**
     * The group it shows in when its rule groups (alert-audiences.ts): a payroll run's alerts name their run. Absent
     * from alerts raised before groups existed: they fall in their rule's group.
     */
    group: eventText(TEXT_LIMITS.alertSubject).nullable().optional(),
  }),
);

/** Handed to a user (null: unassigned again). */
export const AlertAssigned = defineEvent(
  'AlertAssigned',
  1,
  z.object({ id: z.uuid(), assignedTo: z.uuid().nullable() }),
);

/** Someone has seen it and is on it: it leaves the unread count but stays open until resolved. */
export const AlertAcknowledged = defineEvent(
  'AlertAcknowledged',
  1,
  z.object({ id: z.uuid(), note: eventText(TEXT_LIMITS.shortReason).nullable() }),
);

/** Severity raised, with the reason. */
export const AlertEscalated = defineEvent(
  'AlertEscalated',
  1,
  z.object({ id: z.uuid(), severity: z.enum(ALERT_SEVERITIES), reason: eventText(TEXT_LIMITS.shortReason) }),
);

/**
 * Resolved by a person (`note`: what they did) or by the system when the rule's condition cleared (`note`: what
 * cleared it, for example "Checked in at 10:05").
 */
export const AlertResolved = defineEvent(
  'AlertResolved',
  1,
  z.object({ id: z.uuid(), by: z.enum(['person', 'system']), note: eventText(TEXT_LIMITS.shortReason) }),
);

/** Open again: by a person with a reason, or by the system when a condition it had cleared holds again. */
export const AlertReopened = defineEvent(
  'AlertReopened',
  1,
  z.object({ id: z.uuid(), by: z.enum(['person', 'system']), reason: eventText(TEXT_LIMITS.shortReason) }),
);

export const alertSliceEvents = [
  AlertRaised,
  AlertAssigned,
  AlertAcknowledged,
  AlertEscalated,
  AlertResolved,
  AlertReopened,
  AlertSnoozed,
  AlertSnoozeEnded,
  AlertEscalationSent,
] as const;
export type AlertSliceEvent = EventOf<typeof alertSliceEvents>;

export const alertStreamId = (alertId: string): string => `alert-${alertId}`;

/** The metadata userId of what the rule runner appends. */
export const RULES_USER = 'system:rules';
