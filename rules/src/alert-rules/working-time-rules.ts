import { addDays, londonToday, mondayOf, ukDate } from '@care/events';
import { carerWeeks, type CarerWeekFact } from '@care/projector/rule-facts';
import type { AlertDraft, AlertRule } from './rule';

const subjectOf = (week: { carerId: string; weekStart: string }): string => `${week.carerId}/${week.weekStart}`;

/** 2790 minutes: "46.5 h". */
export const hoursText = (minutes: number): string => `${Number((minutes / 60).toFixed(2))} h`;

/** The carer weeks over their limit: one alert each, the same subject however often it is evaluated. */
export function overLimitWeeks(weeks: readonly CarerWeekFact[]): AlertDraft[] {
  return weeks
    .filter((week) => week.minutes > week.weeklyHoursLimit * 60)
    .map((week) => ({
      subject: subjectOf(week),
      title: 'Carer over their weekly working time',
      description: `${week.carerFirstName} ${week.carerLastName} is booked for ${hoursText(week.minutes)} in the week of ${ukDate(week.weekStart)}; their weekly limit is ${hoursText(week.weeklyHoursLimit * 60)}.`,
      relatedKind: 'carer',
      relatedId: week.carerId,
      carerId: week.carerId,
      clientId: null,
      appointmentId: null,
      actionRequired: 'Move visits to another carer, or record an opt-out of the 48-hour week',
      dueDate: null,
    }));
}

/**
 * The Working Time Regulations' weekly limit (48 hours, or the higher limit of a carer who opted out): a carer whose
 * visits in a London week (this week or later) add up to more than their limit.
 */
export const workingTimeOverLimit: AlertRule<CarerWeekFact> = {
  name: 'working-time-over-limit',
  severity: 'medium',
  summary:
    "A carer's visits in a London week (this week or later) add up to more than their weekly hours limit (48 unless they opted out). Cleared when the week fits again.",
  reads: ['appointments', 'carers', 'working_patterns'],
  watches: [
    'AppointmentScheduled',
    'AppointmentCarerAssigned',
    'AppointmentCarerUnassigned',
    'AppointmentRescheduled',
    'AppointmentCancelled',
    'WorkingPatternSet',
    'CarerDeactivated',
    'CarerReactivated',
    'CarerRemoved',
  ],
  facts: (db, now) => carerWeeks(db, londonToday(now)),
  holds: (weeks) => overLimitWeeks(weeks),
  whyCleared: async (db, subjects, now) => {
    const keys = subjects.map((subject) => {
      const [carerId = '', weekStart = ''] = subject.split('/');
      return { subject, carerId, weekStart };
    });
    const weeks = await carerWeeks(db, '1900-01-01', keys);
    const thisWeek = mondayOf(londonToday(now));
    return keys.map((key) => {
      const week = weeks.find((candidate) => subjectOf(candidate) === subjectOf(key));
      if (addDays(key.weekStart, 7) <= thisWeek) return { subject: key.subject, note: 'The week has passed' };
      if (!week) return { subject: key.subject, note: 'No visits booked for the carer that week any more' };
      return {
        subject: key.subject,
        note: `Now ${hoursText(week.minutes)} booked, within the weekly limit of ${hoursText(week.weeklyHoursLimit * 60)}`,
      };
    });
  },
};
