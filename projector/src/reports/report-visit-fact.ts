import type { Selectable } from 'kysely';
import { londonToday, punctualityOf, type AppointmentEvent, type RecordedEvent } from '@care/events';
import type { ReportVisitsTable, VisitMeasures } from './report-tables';
import { iso } from '../shared/fold-batch';

/** A visit as the reports projection folds it (JSON columns as values). */
export type VisitFact = Selectable<ReportVisitsTable>;
export type AppointmentRecorded = RecordedEvent<AppointmentEvent>;

/** On time, as every punctuality figure counts it: a check-in at most 15 minutes after the planned start, so Early counts too. */
const ON_TIME = new Set(['On Time', 'Early']);

const hasText = (text: string | null | undefined) => text !== null && text !== undefined && text.trim() !== '';

/**
 * The fact after one event; undefined for an event about a visit this projection never saw scheduled. It follows
 * the appointments projection's rules (appointment-record.ts) for status and punctuality, so both read models tell
 * the same story (the property test compares them).
 */
export function evolveFact(current: VisitFact | undefined, event: AppointmentRecorded): VisitFact | undefined {
  if (event.type === 'AppointmentScheduled') {
    const data = event.data;
    const start = iso(data.scheduledStart);
    return {
      id: data.id,
      carer_id: data.carerId,
      client_id: data.clientId,
      date: londonToday(new Date(start)),
      scheduled_start: start,
      duration_minutes: data.durationMinutes,
      status: 'scheduled',
      punctuality: null,
      tasks: data.tasks,
      tasks_completed: [],
      has_notes: false,
      has_signature: false,
      client_rating: null,
    };
  }
  if (!current) return undefined;
  switch (event.type) {
    case 'AppointmentCarerAssigned':
      return { ...current, carer_id: event.data.carerId };
    case 'AppointmentCarerUnassigned':
      return { ...current, carer_id: null };
    case 'AppointmentRescheduled': {
      const start = iso(event.data.scheduledStart);
      return {
        ...current,
        scheduled_start: start,
        date: londonToday(new Date(start)),
        duration_minutes: event.data.durationMinutes,
        status: current.status === 'missed' ? 'scheduled' : current.status,
      };
    }
    case 'AppointmentDetailsChanged':
      return event.data.changes.tasks === undefined ? current : { ...current, tasks: event.data.changes.tasks };
    case 'AppointmentCancelled':
      return { ...current, status: 'cancelled' };
    case 'AppointmentNoShowRecorded':
      return { ...current, status: 'no_show' };
    case 'VisitRunningLate':
      return current;
    case 'VisitMissed':
      return { ...current, status: current.status === 'scheduled' ? 'missed' : current.status };
    case 'VisitCheckedIn':
      return {
        ...current,
        status: 'in_progress',
        carer_id: event.data.carerId,
        punctuality: punctualityOf(current.scheduled_start, event.data.checkedInAt),
      };
    case 'VisitCheckedOut':
      return {
        ...current,
        status: 'completed',
        tasks_completed: event.data.tasksCompleted,
        has_notes: hasText(event.data.notes),
        has_signature: hasText(event.data.signature),
        client_rating: event.data.clientRating ?? null,
      };
    case 'VisitAmended': {
      const changes = event.data.changes;
      return {
        ...current,
        ...(changes.checkedInAt !== undefined && {
          punctuality: punctualityOf(current.scheduled_start, changes.checkedInAt),
        }),
        ...(changes.tasksCompleted !== undefined && { tasks_completed: changes.tasksCompleted }),
        ...(changes.notes !== undefined && { has_notes: hasText(changes.notes) }),
        ...(changes.signature !== undefined && { has_signature: hasText(changes.signature) }),
      };
    }
  }
}

export const NO_MEASURES: VisitMeasures = {
  total: 0,
  completed: 0,
  on_time: 0,
  cancelled: 0,
  missed: 0,
  no_show: 0,
  completed_minutes: 0,
  booked_minutes: 0,
  tasks_planned: 0,
  tasks_done: 0,
  documented: 0,
  rated: 0,
  rating_sum: 0,
};

/** What one visit adds to its day's sums (completed, on time and duration, as the Reports & Analytics figures define them). */
export function measuresOf(fact: VisitFact): VisitMeasures {
  const completed = fact.status === 'completed';
  const planned = new Set(fact.tasks);
  return {
    total: 1,
    completed: completed ? 1 : 0,
    on_time: completed && fact.punctuality !== null && ON_TIME.has(fact.punctuality) ? 1 : 0,
    cancelled: fact.status === 'cancelled' ? 1 : 0,
    missed: fact.status === 'missed' ? 1 : 0,
    no_show: fact.status === 'no_show' ? 1 : 0,
    completed_minutes: completed ? fact.duration_minutes : 0,
    booked_minutes: fact.carer_id !== null && fact.status !== 'cancelled' ? fact.duration_minutes : 0,
    tasks_planned: completed ? planned.size : 0,
    // Only planned tasks count as done: an extra task ticked at check-out cannot lift the share past 100%.
    tasks_done: completed ? new Set(fact.tasks_completed.filter((task) => planned.has(task))).size : 0,
    documented: completed && fact.has_notes && fact.has_signature ? 1 : 0,
    rated: completed && fact.client_rating !== null ? 1 : 0,
    rating_sum: completed && fact.client_rating !== null ? fact.client_rating : 0,
  };
}
