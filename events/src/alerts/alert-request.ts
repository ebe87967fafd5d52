import { z } from 'zod';
import { ALERT_SEVERITIES } from '../enums';
import { optionalText, requiredInstant, requiredText } from '../fields';
import { TEXT_LIMITS } from '../limits';

/** POST /api/alerts/:id/acknowledge. */
export const acknowledgeAlertRequestSchema = z.object({ note: optionalText(TEXT_LIMITS.shortReason) });
/** POST /api/alerts/:id/resolve: a person resolves with a note saying what was done. */
export const resolveAlertRequestSchema = z.object({
  note: requiredText('A note saying what was done is required', TEXT_LIMITS.shortReason),
});
/** POST /api/alerts/:id/escalate: a higher severity and the reason. */
export const escalateAlertRequestSchema = z.object({
  severity: z.enum(ALERT_SEVERITIES, { error: `Severity must be one of: ${ALERT_SEVERITIES.join(', ')}` }),
  reason: requiredText('Reason is required', TEXT_LIMITS.shortReason),
});
export type EscalateAlertRequest = z.input<typeof escalateAlertRequestSchema>;
/**
 * POST /api/alerts/:id/snooze: until when (an instant with its offset) and why. That `until` is ahead of the
 * server's time and at most a week away is the command's decision (it needs the time the request arrives).
 */
export const snoozeAlertRequestSchema = z.object({
  until: requiredInstant('Snooze until is required'),
  reason: requiredText('Reason is required', TEXT_LIMITS.shortReason),
});
export type SnoozeAlertRequest = z.input<typeof snoozeAlertRequestSchema>;
/**
 * POST /api/alert-rules/switch-off and /switch-on: the rule's name (GET /api/alert-rules lists them) and why.
 * Whether the name is a rule is the command's decision (the registry lives in the rules package).
 */
export const alertRuleSwitchRequestSchema = z.object({
  rule: requiredText('Rule is required', TEXT_LIMITS.reference),
  reason: requiredText('Reason is required', TEXT_LIMITS.shortReason),
});
export type AlertRuleSwitchRequest = z.input<typeof alertRuleSwitchRequestSchema>;
