import { ALERT_AUDIENCES, alertAudiencesReadBy, can, type AlertAudience, type Role } from '@care/events';

/**
 * Whose alerts, tasks and dashboard figures a caller reads (docs/decisions/0014-carer-scope.md). Staff (alerts.read:
 * admins and coordinators, who also read every task, visit, diary entry and training record) read the agency's,
 * limited for alerts to the audiences they read (`alerts`: finance alerts need financeAlerts.read); anyone else reads
 * their own: the alerts and visits of the carer record linked to their account, the tasks assigned to them. The live
 * push computes figures once per audience, so everything here depends on the audience alone.
 */
export type Audience =
  | { readonly kind: 'staff'; readonly alerts: readonly AlertAudience[] }
  | { readonly kind: 'own'; readonly userId: string };

/** Staff reading every alert audience. */
export const STAFF: Audience = { kind: 'staff', alerts: ALERT_AUDIENCES };

export function audienceOf(session: { readonly userId: string; readonly role: Role }): Audience {
  return can(session.role, 'alerts.read')
    ? { kind: 'staff', alerts: alertAudiencesReadBy(session.role) }
    : { kind: 'own', userId: session.userId };
}
