import type { AlertRaised, AlertSeverity } from '@care/events';
import type { z } from 'zod';

/** AlertRaised's data as the rule runner hands it over (the id is derived from rule and subject). */
export type RaiseAlertInput = Omit<z.output<typeof AlertRaised.schema>, 'id'>;

export type AlertCommand =
  | ({ readonly type: 'RaiseAlert'; readonly id: string } & RaiseAlertInput)
  | { readonly type: 'AcknowledgeAlert'; readonly id: string; readonly note: string | null }
  | { readonly type: 'AssignAlert'; readonly id: string; readonly assignedTo: string | null }
  | { readonly type: 'EscalateAlert'; readonly id: string; readonly severity: AlertSeverity; readonly reason: string }
  | { readonly type: 'ResolveAlert'; readonly id: string; readonly note: string }
  | { readonly type: 'ResolveAlertBySystem'; readonly id: string; readonly note: string }
  | { readonly type: 'ReopenAlert'; readonly id: string; readonly reason: string }
  | { readonly type: 'ReopenAlertBySystem'; readonly id: string; readonly reason: string };
