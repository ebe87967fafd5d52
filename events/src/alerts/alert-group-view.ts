import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import { ALERT_SEVERITIES, type AlertSeverity } from '../enums';
import { ALERT_AUDIENCES, type AlertAudience } from './alert-audiences';
import { alertViewSchema } from './alert-view-schema';
import type { AlertView } from './alert-view';

/**
 * One row standing for the open alerts of a group (GET /api/alerts/items): "12 invoices overdue, £1,234.56 owed".
 * Its figures come from its members as they are now, so a member raised or cleared changes them at the next read.
 */
export interface AlertGroupView {
  /** The group's key (the rule's name, or the rule and a payroll period). */
  key: string;
  rule: string;
  audience: AlertAudience;
  /** The most severe open member's. */
  severity: AlertSeverity;
  /** "12 invoices overdue, £1,234.56 owed". */
  title: string;
  /** Open members (active or acknowledged). */
  members: number;
  /** Members nobody has acknowledged yet: the group counts in the bell while there is one. */
  unacknowledged: number;
  /** `active` while any member is unacknowledged. */
  status: 'active' | 'acknowledged';
  /** When its newest and oldest open members were raised. */
  newestAt: string;
  oldestAt: string;
}

/** A row of GET /api/alerts/items: an open alert standing alone, or a group of them. */
export type AlertItem = { kind: 'alert'; alert: AlertView } | { kind: 'group'; group: AlertGroupView };

export const alertGroupViewSchema = z.strictObject({
  key: z.string(),
  rule: z.string(),
  audience: z.enum(ALERT_AUDIENCES),
  severity: z.enum(ALERT_SEVERITIES),
  title: z.string(),
  members: z.int().min(1),
  unacknowledged: z.int().min(0),
  status: z.enum(['active', 'acknowledged']),
  newestAt: z.string(),
  oldestAt: z.string(),
});

export const alertItemSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('alert'), alert: alertViewSchema }),
  z.strictObject({ kind: z.literal('group'), group: alertGroupViewSchema }),
]);

export type AlertGroupViewSchemaMatches = Expect<Same<z.infer<typeof alertGroupViewSchema>, AlertGroupView>>;
export type AlertItemSchemaMatches = Expect<Same<z.infer<typeof alertItemSchema>, AlertItem>>;
