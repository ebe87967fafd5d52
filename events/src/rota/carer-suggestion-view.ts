/**
 * Suggested carers for an open visit (GET /api/rota/suggestions/:appointmentId) and the proposal of "Fill the
 * day" (GET /api/rota/fill-day). Each suggestion says why it is ranked where it is, in words the coordinator
 * reads on the Assign Carer dialog.
 */

/** What speaks for or against a carer, in the order the dialog lists them. */
export const SUGGESTION_REASON_KINDS = [
  'continuity',
  'keyworker',
  'preferred',
  'availability',
  'travel',
  'hours',
  'training',
] as const;
export type SuggestionReasonKind = (typeof SUGGESTION_REASON_KINDS)[number];

export interface SuggestionReason {
  kind: SuggestionReasonKind;
  /** Counts in the carer's favour ("for") or against them ("against"); "info" only explains. */
  effect: 'for' | 'against' | 'info';
  text: string;
}

/** Why carers were left out of the suggestions altogether (never suggested: on leave, busy, unable to do it). */
export const SUGGESTION_EXCLUSIONS = ['onLeave', 'busy', 'untrained', 'overLimit', 'fullDay'] as const;
export type SuggestionExclusion = (typeof SUGGESTION_EXCLUSIONS)[number];

export interface SuggestedCarer {
  carerId: string;
  carerName: string;
  /** Higher is better; only the order matters to the reader. */
  score: number;
  /** Inside the carer's working pattern, outside it, or no pattern recorded. */
  availability: 'inside' | 'outside' | 'unknown';
  /** The estimated journey from the carer's previous visit that day (null: none before it, or no location). */
  travelMinutes: number | null;
  /** Visits to this client in the 30 days before the visit. */
  recentVisits: number;
  /** Hours of visits in the visit's week (Monday to Sunday) before this one, and the carer's limits. */
  weekHours: number;
  contractedHours: number | null;
  weeklyHoursLimit: number;
  reasons: SuggestionReason[];
}

export interface CarerSuggestions {
  appointmentId: string;
  suggestions: SuggestedCarer[];
  /** How many active carers were left out, by why. */
  excluded: Record<SuggestionExclusion, number>;
}

/** One open visit of the day and the carer proposed for it (null: nobody could take it). */
export interface FillDayProposal {
  appointmentId: string;
  clientId: string;
  clientName: string;
  start: string;
  end: string;
  visitType: string;
  revision: string;
  proposed: SuggestedCarer | null;
}

export interface FillDayPlan {
  date: string;
  proposals: FillDayProposal[];
}
