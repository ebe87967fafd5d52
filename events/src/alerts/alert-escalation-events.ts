import { z } from 'zod';
import type { AlertSeverity } from '../enums';
import { defineEvent } from '../event-definition';
import { eventInteger, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

/** Who an unacknowledged alert is escalated to: the agency's on-call email, every active administrator or coordinator. */
export const ESCALATION_AUDIENCES = ['on-call', 'administrators', 'coordinators'] as const;
export type EscalationAudience = (typeof ESCALATION_AUDIENCES)[number];

/** The words after "Escalated to" on the alert's detail. */
export const ESCALATION_AUDIENCE_LABELS: Record<EscalationAudience, string> = {
  'on-call': 'the on-call contact',
  administrators: 'the administrators',
  coordinators: 'the coordinators',
};

/** A critical alert escalates twice (on-call, then administrators); a high one once (coordinators); others never. */
export const ESCALATION_STEPS: Record<AlertSeverity, number> = { critical: 2, high: 1, medium: 0, low: 0 };
export const MAX_ESCALATION_STEP = 2;
/** More than any agency has administrators or coordinators; the bound keeps the event a sane size. */
export const MAX_ESCALATION_RECIPIENTS = 200;

/**
 * Nobody acknowledged the alert in time, so the rules process mailed it to more people (appended by the rules
 * process: metadata userId `system:rules`). `step` counts from 1 since the alert was raised or last reopened;
 * `reason` says why in plain words ("Critical alert not acknowledged for 15 minutes").
 */
export const AlertEscalationSent = defineEvent(
  'AlertEscalationSent',
  1,
  z.object({
    id: z.uuid(),
    step: eventInteger({ min: 1, max: MAX_ESCALATION_STEP }),
    audience: z.enum(ESCALATION_AUDIENCES),
    recipients: z.array(eventText(TEXT_LIMITS.email)).max(MAX_ESCALATION_RECIPIENTS),
    reason: eventText(TEXT_LIMITS.shortReason),
  }),
);
