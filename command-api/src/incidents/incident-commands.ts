import type {
  IncidentCorrection,
  IncidentDetails,
  IncidentDuty,
  IncidentDutyReason,
  IncidentDutyStep,
  IncidentSeverity,
} from '@care/events';

export type IncidentCommand =
  | {
      readonly type: 'ReportIncident';
      readonly id: string;
      readonly details: IncidentDetails;
      readonly appointmentId: string | null;
      readonly diaryEntryId: string | null;
      /** The server's time: an incident cannot have occurred after it was reported. */
      readonly now: Date;
    }
  | {
      readonly type: 'AmendIncident';
      readonly id: string;
      readonly changes: IncidentCorrection;
      readonly reason: string;
      readonly now: Date;
    }
  | { readonly type: 'StartInvestigation'; readonly id: string }
  | { readonly type: 'AddInvestigationNote'; readonly id: string; readonly noteId: string; readonly note: string }
  | { readonly type: 'CompleteFollowUp'; readonly id: string; readonly notes: string }
  | { readonly type: 'ResolveIncident'; readonly id: string; readonly resolutionSummary: string }
  | { readonly type: 'CloseIncident'; readonly id: string; readonly followUpWaivedReason: string | null }
  | { readonly type: 'ReopenIncident'; readonly id: string; readonly reason: string }
  | {
      readonly type: 'EscalateIncident';
      readonly id: string;
      readonly severity: IncidentSeverity | null;
      readonly escalatedTo: string | null;
      readonly reason: string;
    }
  | {
      readonly type: 'ReferToSafeguarding';
      readonly id: string;
      readonly referralId: string;
      readonly referredOn: string;
      readonly referredTo: string;
      readonly localAuthorityReference: string | null;
      readonly outcome: string | null;
      /** London date today: a referral cannot be dated in the future. */
      readonly today: string;
    }
  | {
      readonly type: 'UpdateSafeguardingReferral';
      readonly id: string;
      readonly referralId: string;
      readonly localAuthorityReference?: string | null | undefined;
      readonly outcome?: string | null | undefined;
    }
  | {
      readonly type: 'IdentifyDuty';
      readonly id: string;
      readonly duty: IncidentDuty;
      readonly reason: IncidentDutyReason;
      /** Null: the default of the rules (defaultDutyDueDate). */
      readonly dueDate: string | null;
    }
  | {
      readonly type: 'RecordDutyStep';
      readonly id: string;
      readonly duty: IncidentDuty;
      readonly step: IncidentDutyStep;
      readonly doneOn: string;
      readonly reference: string | null;
      readonly today: string;
    };
