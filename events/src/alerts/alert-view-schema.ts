import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import { ALERT_RELATED_KINDS, ALERT_SEVERITIES, ALERT_STATUSES } from '../enums';
import { personRefSchema } from '../tasks/task-view-schema';
import { ESCALATION_AUDIENCES, MAX_ESCALATION_STEP } from './alert-escalation-events';
import type { AlertCount, AlertView } from './alert-view';
import { ALERT_AUDIENCES } from './alert-audiences';

/** AlertView for the API description and the tests that check replies against it. */
export const alertViewSchema = z.strictObject({
  id: z.uuid(),
  rule: z.string(),
  type: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  audience: z.enum(ALERT_AUDIENCES),
  groupKey: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  relatedKind: z.enum(ALERT_RELATED_KINDS),
  relatedId: z.string(),
  carerId: z.uuid().nullable(),
  carerName: z.string().nullable(),
  clientId: z.uuid().nullable(),
  clientName: z.string().nullable(),
  appointmentId: z.uuid().nullable(),
  assignedTo: personRefSchema.nullable(),
  status: z.enum(ALERT_STATUSES),
  actionRequired: z.string().nullable(),
  dueDate: z.string().nullable(),
  acknowledgedBy: personRefSchema.nullable(),
  acknowledgedAt: z.string().nullable(),
  resolvedBy: personRefSchema.nullable(),
  resolvedAt: z.string().nullable(),
  resolution: z.string().nullable(),
  resolvedBySystem: z.boolean(),
  escalations: z.array(
    z.strictObject({
      severity: z.enum(ALERT_SEVERITIES),
      reason: z.string(),
      at: z.string(),
      by: personRefSchema.nullable(),
      step: z.int().min(1).max(MAX_ESCALATION_STEP).nullable(),
      audience: z.enum(ESCALATION_AUDIENCES).nullable(),
    }),
  ),
  snoozedUntil: z.string().nullable(),
  snoozedBy: personRefSchema.nullable(),
  snoozeReason: z.string().nullable(),
  snoozes: z.array(
    z.strictObject({ until: z.string(), reason: z.string(), at: z.string(), by: personRefSchema.nullable() }),
  ),
  taskIds: z.array(z.string()),
  revision: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const alertCountSchema = z.strictObject({ count: z.int().min(0) });

export type AlertViewSchemaMatches = Expect<Same<z.infer<typeof alertViewSchema>, AlertView>>;
export type AlertViewSchemaCountMatches = Expect<Same<z.infer<typeof alertCountSchema>, AlertCount>>;
