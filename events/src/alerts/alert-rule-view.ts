import { z } from 'zod';
import { ALERT_SEVERITIES } from '../enums';
import { personRefSchema } from '../tasks/task-view-schema';

/** GET /api/alert-rules items: every alert rule, on or switched off for the agency, and the latest switch. */
export const alertRuleViewSchema = z.strictObject({
  name: z.string(),
  label: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  on: z.boolean(),
  /** The latest switch off or on (all null: never switched, on). */
  changedBy: personRefSchema.nullable(),
  changedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AlertRuleView = z.infer<typeof alertRuleViewSchema>;
