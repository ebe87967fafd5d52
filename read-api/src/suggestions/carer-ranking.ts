import {
  availabilityOf,
  estimateTravel,
  londonClock,
  spansOverlap,
  type Place,
  type SuggestedCarer,
  type SuggestionExclusion,
  type SuggestionReason,
  type TravelMode,
  type WorkingPattern,
} from '@care/events';

/**
 * Ranking carers for an open visit, as pure functions of the facts read for its day (rota-facts.ts reads them):
 * the same ranking answers the Assign Carer dialog and proposes "Fill the day", so both say the same thing.
 */

/** An open visit to find a carer for. */
export interface OpenVisit {
  readonly id: string;
  readonly clientId: string;
  readonly clientName: string;
  readonly start: string;
  readonly end: string;
  readonly visitType: string;
  /** The visit's London calendar date. */
  readonly date: string;
  readonly revision: string;
}

/** A visit already holding a carer's time. */
export interface HeldVisit {
  readonly appointmentId: string;
  readonly clientId: string;
  readonly start: string;
  readonly end: string;
  /** London calendar date of its start. */
  readonly date: string;
}

/** An active carer who might take the visit. */
export interface CandidateCarer {
  readonly id: string;
  readonly name: string;
  readonly maxClientsPerDay: number;
  readonly travelMode: TravelMode;
  readonly pattern: WorkingPattern | null;
  /** Medication training current on the day (a medication visit needs it). */
  readonly medicationTrained: boolean;
}

/** Everything the ranking knows about a day, keyed by carer or client id. */
export interface RotaFacts {
  readonly carers: readonly CandidateCarer[];
  /** Each carer's visits on the days around the one being filled, by start. */
  readonly held: ReadonlyMap<string, readonly HeldVisit[]>;
  /** Each carer's approved leave, as spans of time (end exclusive). */
  readonly leave: ReadonlyMap<string, readonly { start: string; end: string }[]>;
  /** Minutes of visits each carer has in the week (Monday to Sunday) of the day. */
  readonly weekMinutes: ReadonlyMap<string, number>;
  /** Per client, the visits each carer made to them in the 30 days before the day. */
  readonly recentVisits: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Per client, their keyworker and preferred carers. */
  readonly clientCarers: ReadonlyMap<string, { keyworker: string | null; preferred: readonly string[] }>;
  readonly places: ReadonlyMap<string, Place>;
  /** Client names, for the travel reason ("from Mrs Patel"). */
  readonly clientNames: ReadonlyMap<string, string>;
}

/**
 * How much each thing counts. Continuity first (the same faces for the client), then working within the carer's
 * usual hours, then short journeys; a gap too short to travel in is worse than any of them is good.
 */
export const RANKING_WEIGHTS = {
  visitedRecently: 30,
  perRecentVisit: 2,
  recentVisitsCounted: 5,
  keyworker: 15,
  preferred: 10,
  insidePattern: 20,
  outsidePattern: -25,
  perTravelMinute: -1,
  travelMinutesCounted: 60,
  /** A carer with nothing before the visit that day travels from home: unknown, taken as a medium journey. */
  firstOfDay: -10,
  tightGap: -40,
  /** Up to this much for a carer still short of their contracted hours (a point per hour short). */
  belowContracted: 10,
  aboveContracted: -5,
} as const;

const MINUTE = 60_000;
const minutesBetween = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / MINUTE);
const hoursText = (minutes: number) => {
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `${hours} h`;
};

export type Ranked = { readonly carer: SuggestedCarer } | { readonly excluded: SuggestionExclusion };

/** Ranks one carer for the visit: why they are left out, or their score and reasons. */
export function rankCarer(visit: OpenVisit, carer: CandidateCarer, facts: RotaFacts): Ranked {
  const span = { start: visit.start, end: visit.end };
  if ((facts.leave.get(carer.id) ?? []).some((leave) => spansOverlap(leave, span))) return { excluded: 'onLeave' };
  const held = (facts.held.get(carer.id) ?? []).filter((other) => other.appointmentId !== visit.id);
  if (held.some((other) => spansOverlap(other, span))) return { excluded: 'busy' };
  if (visit.visitType === 'medication' && !carer.medicationTrained) return { excluded: 'untrained' };
  const visitMinutes = minutesBetween(visit.start, visit.end);
  const weekMinutes = facts.weekMinutes.get(carer.id) ?? 0;
  const limit = carer.pattern?.weeklyHoursLimit ?? 48;
  if (weekMinutes + visitMinutes > limit * 60) return { excluded: 'overLimit' };
  const dayClients = new Set(held.filter((other) => other.date === visit.date).map((other) => other.clientId));
  if (!dayClients.has(visit.clientId) && dayClients.size >= carer.maxClientsPerDay) return { excluded: 'fullDay' };

  const reasons: SuggestionReason[] = [];
  let score = 0;
  const w = RANKING_WEIGHTS;

  const recent = facts.recentVisits.get(visit.clientId)?.get(carer.id) ?? 0;
  if (recent > 0) {
    score += w.visitedRecently + w.perRecentVisit * Math.min(recent, w.recentVisitsCounted);
    reasons.push({
      kind: 'continuity',
      effect: 'for',
      text: `Visited ${visit.clientName} ${recent === 1 ? 'once' : `${recent} times`} in the last 30 days`,
    });
  } else {
    reasons.push({ kind: 'continuity', effect: 'info', text: `New to ${visit.clientName} in the last 30 days` });
  }
  const chosen = facts.clientCarers.get(visit.clientId);
  if (chosen?.keyworker === carer.id) {
    score += w.keyworker;
    reasons.push({ kind: 'keyworker', effect: 'for', text: `${visit.clientName}'s keyworker` });
  } else if (chosen?.preferred.includes(carer.id)) {
    score += w.preferred;
    reasons.push({ kind: 'preferred', effect: 'for', text: `One of ${visit.clientName}'s preferred carers` });
  }

  const availability = availabilityOf(carer.pattern, visit.start, visit.end);
  if (availability === 'inside') {
    score += w.insidePattern;
    reasons.push({ kind: 'availability', effect: 'for', text: 'Usually works at this time' });
  } else if (availability === 'outside') {
    score += w.outsidePattern;
    reasons.push({ kind: 'availability', effect: 'against', text: 'Outside their usual working hours' });
  } else {
    reasons.push({ kind: 'availability', effect: 'info', text: 'No working pattern recorded' });
  }

  const travel = travelAround(visit, carer, held, facts);
  score += travel.score;
  reasons.push(...travel.reasons);

  const contracted = carer.pattern?.contractedHoursPerWeek ?? null;
  const after = weekMinutes + visitMinutes;
  if (contracted !== null && weekMinutes < contracted * 60) {
    score += Math.min(w.belowContracted, Math.ceil(contracted - weekMinutes / 60));
    reasons.push({
      kind: 'hours',
      effect: 'for',
      text: `${hoursText(weekMinutes)} of ${contracted} h contracted this week`,
    });
  } else if (contracted !== null) {
    score += w.aboveContracted;
    reasons.push({
      kind: 'hours',
      effect: 'against',
      text: `Already ${hoursText(weekMinutes)} this week, over ${contracted} h contracted`,
    });
  } else {
    reasons.push({ kind: 'hours', effect: 'info', text: `${hoursText(weekMinutes)} this week` });
  }
  if (after > (limit - 4) * 60)
    reasons.push({
      kind: 'hours',
      effect: 'against',
      text: `Would reach ${hoursText(after)} of their ${limit} h weekly limit`,
    });
  if (visit.visitType === 'medication')
    reasons.push({ kind: 'training', effect: 'for', text: 'Medication training current' });

  return {
    carer: {
      carerId: carer.id,
      carerName: carer.name,
      score,
      availability,
      travelMinutes: travel.minutes,
      recentVisits: recent,
      weekHours: Math.round((weekMinutes / 60) * 10) / 10,
      contractedHours: contracted,
      weeklyHoursLimit: limit,
      reasons,
    },
  };
}

/** The journey from the carer's previous visit that day, and whether the gaps either side leave time to travel. */
function travelAround(
  visit: OpenVisit,
  carer: CandidateCarer,
  held: readonly HeldVisit[],
  facts: RotaFacts,
): { score: number; minutes: number | null; reasons: SuggestionReason[] } {
  const w = RANKING_WEIGHTS;
  const sameDay = held.filter((other) => other.date === visit.date);
  const previous = sameDay.filter((other) => other.end <= visit.start).at(-1);
  const next = sameDay.find((other) => other.start >= visit.end);
  const journey = (from: string, to: string) => {
    // Two visits to the same client in a row: the carer is already there.
    if (from === to) return { minutes: 0, km: 0 };
    const a = facts.places.get(from);
    const b = facts.places.get(to);
    return a && b ? estimateTravel(a, b, carer.travelMode) : null;
  };
  const reasons: SuggestionReason[] = [];
  let score = 0;
  let minutes: number | null = null;
  if (!previous) {
    score += w.firstOfDay;
    reasons.push({ kind: 'travel', effect: 'info', text: 'First visit of their day' });
  } else {
    const estimate = journey(previous.clientId, visit.clientId);
    const gap = minutesBetween(previous.end, visit.start);
    const from =
      previous.clientId === visit.clientId
        ? visit.clientName
        : (facts.clientNames.get(previous.clientId) ?? 'their previous visit');
    if (estimate === null) {
      score += w.firstOfDay;
      reasons.push({ kind: 'travel', effect: 'info', text: `Travel from ${from} not known (no location)` });
    } else if (previous.clientId === visit.clientId) {
      minutes = 0;
      reasons.push({ kind: 'travel', effect: 'for', text: `Already with ${from} just before` });
    } else {
      minutes = estimate.minutes;
      score += w.perTravelMinute * Math.min(estimate.minutes, w.travelMinutesCounted);
      if (estimate.minutes > gap) {
        score += w.tightGap;
        reasons.push({
          kind: 'travel',
          effect: 'against',
          text: `Only ${gap} min after ${from} (${londonClock(previous.end)}), about ${estimate.minutes} min travel`,
        });
      } else {
        reasons.push({
          kind: 'travel',
          effect: estimate.minutes <= 15 ? 'for' : 'info',
          text: `About ${estimate.minutes} min from ${from}`,
        });
      }
    }
  }
  if (next) {
    const estimate = journey(visit.clientId, next.clientId);
    const gap = minutesBetween(visit.end, next.start);
    if (estimate !== null && estimate.minutes > gap) {
      score += w.tightGap;
      const to = facts.clientNames.get(next.clientId) ?? 'their next visit';
      reasons.push({
        kind: 'travel',
        effect: 'against',
        text: `Only ${gap} min before ${to} (${londonClock(next.start)}), about ${estimate.minutes} min travel`,
      });
    }
  }
  return { score, minutes, reasons };
}

/** The eligible carers for the visit, best first (ties: fewer hours this week, then by name), and who was left out. */
export function rankCarers(
  visit: OpenVisit,
  facts: RotaFacts,
): { suggestions: SuggestedCarer[]; excluded: Record<SuggestionExclusion, number> } {
  const excluded: Record<SuggestionExclusion, number> = { onLeave: 0, busy: 0, untrained: 0, overLimit: 0, fullDay: 0 };
  const suggestions: SuggestedCarer[] = [];
  for (const carer of facts.carers) {
    const ranked = rankCarer(visit, carer, facts);
    if ('excluded' in ranked) excluded[ranked.excluded] += 1;
    else suggestions.push(ranked.carer);
  }
  suggestions.sort(
    (a, b) => b.score - a.score || a.weekHours - b.weekHours || a.carerName.localeCompare(b.carerName, 'en-GB'),
  );
  return { suggestions, excluded };
}
