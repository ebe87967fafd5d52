import { londonClock, ukDate } from '@care/events';
import {
  carerAppsLastOnline,
  lateVisits,
  missedVisits,
  unassignedVisits,
  visitsById,
  type VisitFact,
} from '@care/projector/rule-facts';
import { londonDateOf } from '@care/command-api';
import type { AlertDraft, AlertRule, Cleared } from './rule';

/** When a visit starts, as people read it: "10:00 on 23/11/2026". */
const startText = (visit: VisitFact): string =>
  `${londonClock(visit.scheduledStart)} on ${ukDate(londonDateOf(visit.scheduledStart.toISOString()))}`;

function visitDraft(
  visit: VisitFact,
  fields: Pick<AlertDraft, 'title' | 'description' | 'actionRequired'>,
  carerMayRead: boolean,
): AlertDraft {
  return {
    subject: visit.id,
    ...fields,
    relatedKind: 'appointment',
    relatedId: visit.id,
    carerId: carerMayRead ? visit.carerId : null,
    clientId: visit.clientId,
    appointmentId: visit.id,
    dueDate: null,
  };
}

/** What the visit's record says now, for an alert about it that no longer holds. */
export function visitOutcome(visit: VisitFact | undefined): string {
  if (!visit) return 'The appointment was removed';
  if (visit.checkedInAt && visit.checkInReceivedOfflineAt)
    return `Checked in at ${londonClock(visit.checkedInAt)}, recorded offline on the carer's phone and received at ${londonClock(visit.checkInReceivedOfflineAt)}`;
  if (visit.checkedInAt) return `Checked in at ${londonClock(visit.checkedInAt)}`;
  switch (visit.status) {
    case 'cancelled':
      return 'The appointment was cancelled';
    case 'no_show':
      return 'Recorded as a no-show';
    case 'missed':
      return 'The planned end passed without a check-in: raised as a missed visit';
    default:
      return 'The visit was rescheduled';
  }
}

async function visitsCleared(
  db: Parameters<AlertRule<VisitFact>['whyCleared']>[0],
  subjects: readonly string[],
): Promise<Cleared[]> {
  const visits = new Map((await visitsById(db, subjects)).map((visit) => [visit.id, visit]));
  return subjects.map((subject) => ({ subject, note: visitOutcome(visits.get(subject)) }));
}

const VISIT_EVENTS = [
  'VisitRunningLate',
  'VisitMissed',
  'VisitCheckedIn',
  'AppointmentCancelled',
  'AppointmentNoShowRecorded',
  'AppointmentRescheduled',
  'AppointmentCarerAssigned',
  'AppointmentCarerUnassigned',
  'AppointmentScheduled',
] as const;

/** The timeliness policy raised the visit as running late and nobody has checked in. Cleared by a check-in. */
export const visitLate: AlertRule<VisitFact> = {
  name: 'visit-late',
  severity: 'high',
  summary: 'A visit is running late: its start plus the grace period passed with no check-in. Cleared by a check-in.',
  reads: ['appointments'],
  watches: VISIT_EVENTS,
  facts: (db) => lateVisits(db),
  holds: (visits) =>
    visits.map((visit) =>
      visitDraft(
        visit,
        {
          title: 'Visit running late',
          description: `No check-in yet for the visit planned at ${startText(visit)}.`,
          actionRequired: visit.carerId
            ? 'Contact the carer and the client'
            : 'Find a carer for the visit and tell the client',
        },
        true,
      ),
    ),
  whyCleared: visitsCleared,
};

/** A carer's app seen within this long is online now (the read API renews a connected app's time every minute). */
const APP_ONLINE_WITHIN_MS = 2 * 60_000;

/**
 * Whether the carer's app was online, so the office can tell a carer without signal (who may be there, recording
 * offline) from one who did not come: " The carer's app has been offline since 08:47." Empty without a carer.
 */
export function appSignal(visit: Pick<VisitFact, 'carerId' | 'carerAppLastOnline'>, now: Date): string {
  if (visit.carerId === null || visit.carerAppLastOnline === undefined) return '';
  const last = visit.carerAppLastOnline;
  if (last === null) return " The carer's app has not been online.";
  if (now.getTime() - last.getTime() <= APP_ONLINE_WITHIN_MS) return " The carer's app is online.";
  return ` The carer's app has been offline since ${londonClock(last)} on ${ukDate(londonDateOf(last.toISOString()))}.`;
}

/** Missed visits of the last 7 days (older ones are history when the rule first runs). Cleared by a late check-in. */
export const MISSED_VISIT_DAYS = 7;
export const visitMissed: AlertRule<VisitFact> = {
  name: 'visit-missed',
  severity: 'critical',
  summary:
    'A visit was missed: its planned end passed with no check-in (visits of the last 7 days). Cleared by a check-in entered later.',
  reads: ['appointments'],
  watches: VISIT_EVENTS,
  facts: async (db, now) => {
    const visits = await missedVisits(db, now, MISSED_VISIT_DAYS);
    const apps = await carerAppsLastOnline(db, [...new Set(visits.flatMap((visit) => visit.carerId ?? []))]);
    return visits.map((visit) => ({
      ...visit,
      carerAppLastOnline: visit.carerId === null ? null : (apps.get(visit.carerId) ?? null),
    }));
  },
  holds: (visits, now) =>
    visits.map((visit) =>
      visitDraft(
        visit,
        {
          title: 'Visit missed',
          description: `Nobody checked in to the visit planned at ${startText(visit)}, and its planned end has passed.${appSignal(visit, now)}`,
          actionRequired: 'Check on the client now and record what happened',
        },
        true,
      ),
    ),
  whyCleared: visitsCleared,
};

/** A visit starting within 24 hours that has no carer. Cleared by assigning one (or cancelling). */
export const UNASSIGNED_WITHIN_HOURS = 24;
export const visitUnassigned: AlertRule<VisitFact> = {
  name: 'visit-unassigned',
  severity: 'medium',
  summary: 'A visit starts within 24 hours and has no carer. Cleared when a carer is assigned.',
  reads: ['appointments'],
  watches: VISIT_EVENTS,
  facts: (db, now) => unassignedVisits(db, now, UNASSIGNED_WITHIN_HOURS),
  holds: (visits) =>
    visits.map((visit) =>
      visitDraft(
        visit,
        {
          title: 'Visit has no carer',
          description: `The visit planned at ${startText(visit)} has no carer assigned.`,
          actionRequired: 'Assign a carer',
        },
        false,
      ),
    ),
  whyCleared: async (db, subjects) => {
    const visits = new Map((await visitsById(db, subjects)).map((visit) => [visit.id, visit]));
    return subjects.map((subject) => {
      const visit = visits.get(subject);
      if (visit?.carerId && visit.status === 'scheduled') return { subject, note: 'A carer was assigned' };
      return {
        subject,
        note:
          visit && visit.status === 'scheduled' ? 'The visit was rescheduled or its time passed' : visitOutcome(visit),
      };
    });
  },
};
