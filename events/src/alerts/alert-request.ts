import { z } from 'zod';
import { ALERT_SEVERITIES } from '../enums';
import { optionalText, requiredText } from '../fields';
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
