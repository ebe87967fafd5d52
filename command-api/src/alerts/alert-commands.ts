import type { AlertRaised, AlertSeverity, EscalationAudience } from '@care/events';
import type { z } from 'zod';

/** AlertRaised's data as the rule runner hands it over (the id is derived from rule and subject). */
export type RaiseAlertInput = Omit<z.output<typeof AlertRaised.schema>, 'id'>;

export type AlertCommand =
  /** The rules process: nobody acknowledged the alert in time, and it mailed `recipients` (step 1, then 2). */
  | {
      readonly type: 'RecordAlertEscalation';
      readonly id: string;
      readonly step: number;
      readonly audience: EscalationAudience;
      readonly recipients: readonly string[];
      readonly reason: string;
    }
  | ({ readonly type: 'RaiseAlert'; readonly id: string } & RaiseAlertInput)
  | { readonly type: 'AcknowledgeAlert'; readonly id: string; readonly note: string | null }
  | { readonly type: 'AssignAlert'; readonly id: string; readonly assignedTo: string | null }
  | { readonly type: 'EscalateAlert'; readonly id: string; readonly severity: AlertSeverity; readonly reason: string }
  | { readonly type: 'ResolveAlert'; readonly id: string; readonly note: string }
  | { readonly type: 'ResolveAlertBySystem'; readonly id: string; readonly note: string }
  | { readonly type: 'ReopenAlert'; readonly id: string; readonly reason: string }
  | { readonly type: 'ReopenAlertBySystem'; readonly id: string; readonly reason: string }
  /** `now`: the server's time, which `until` must follow (decide stays pure). */
  | {
      readonly type: 'SnoozeAlert';
      readonly id: string;
      readonly until: string;
      readonly reason: string;
      readonly now: string;
    }
  | { readonly type: 'UnsnoozeAlert'; readonly id: string }
  /** The rules process: the snooze's time has come (`now`: the rules' clock). */
  | { readonly type: 'EndAlertSnoozeBySystem'; readonly id: string; readonly now: string };
