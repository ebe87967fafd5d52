import { londonToday, ukDate } from '@care/events';
import { carerDaysOf, overbookedCarerDays, type CarerDayFact } from '@care/projector/rule-facts';
import type { AlertRule } from './rule';

const subjectOf = (day: { carerId: string; date: string }): string => `${day.carerId}/${day.date}`;

/** A carer booked with more clients on one day than their maxClientsPerDay (today and later days). */
export const carerOverbooked: AlertRule<CarerDayFact> = {
  name: 'carer-overbooked',
  severity: 'low',
  summary:
    "A carer is booked with more clients on a day (today or later) than their maximum clients per day. Cleared when the day's bookings fit again.",
  reads: ['appointments', 'carers'],
  watches: [
    'AppointmentScheduled',
    'AppointmentCarerAssigned',
    'AppointmentCarerUnassigned',
    'AppointmentRescheduled',
    'AppointmentCancelled',
    'AppointmentNoShowRecorded',
    'CarerDetailsChanged',
  ],
  facts: (db, now) => overbookedCarerDays(db, now),
  holds: (days) =>
    days.map((day) => ({
      subject: subjectOf(day),
      title: 'Carer booked past their daily maximum',
      description: `${day.carerFirstName} ${day.carerLastName} is booked with ${day.clients} clients on ${ukDate(day.date)}; their maximum is ${day.maxClientsPerDay}.`,
      relatedKind: 'carer_day',
      relatedId: subjectOf(day),
      carerId: day.carerId,
      clientId: null,
      appointmentId: null,
      actionRequired: 'Move a visit to another carer or raise the maximum',
      dueDate: null,
    })),
  whyCleared: async (db, subjects, now) => {
    const keys = subjects.map((subject) => {
      const [carerId = '', date = ''] = subject.split('/');
      return { subject, carerId, date };
    });
    const days = await carerDaysOf(db, keys);
    const today = londonToday(now);
    return keys.map((key) => {
      const day = days.find((candidate) => candidate.carerId === key.carerId && candidate.date === key.date);
      if (key.date < today) return { subject: key.subject, note: 'The day has passed' };
      if (!day) return { subject: key.subject, note: 'No visits booked for the carer that day any more' };
      return {
        subject: key.subject,
        note: `Now ${day.clients} clients booked, within the maximum of ${day.maxClientsPerDay}`,
      };
    });
  },
};
