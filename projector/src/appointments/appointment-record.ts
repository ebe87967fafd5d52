import type { Selectable, SelectType } from 'kysely';
import { londonToday, punctualityOf, type AppointmentEvent, type RecordedEvent } from '@care/events';
import type { AppointmentsTable } from './appointment-tables';
import { iso } from '../shared/fold-batch';

type Plain<T> = [T] extends [Date] ? string : [T] extends [Date | null] ? string | null : T;
/** A row of `appointments` as the projection folds it in memory: instants as ISO strings, JSON as values. */
export type AppointmentRecord = { [K in keyof AppointmentsTable]: Plain<SelectType<AppointmentsTable[K]>> };
export type AppointmentRecorded = RecordedEvent<AppointmentEvent>;

const INSTANT_COLUMNS = [
  'scheduled_start',
  'scheduled_end',
  'checked_in_at',
  'checked_out_at',
  'check_in_recorded_at',
  'check_out_recorded_at',
  'created_at',
  'updated_at',
] as const;

export function recordOf(row: Selectable<AppointmentsTable>): AppointmentRecord {
  const record = { ...row } as Record<string, unknown>;
  for (const column of INSTANT_COLUMNS) {
    const value = row[column];
    record[column] = value === null ? null : value.toISOString();
  }
  return record as AppointmentRecord;
}

const addMinutes = (instant: string, minutes: number) => new Date(Date.parse(instant) + minutes * 60_000).toISOString();

function planned(start: string, durationMinutes: number) {
  const scheduledStart = iso(start);
  return {
    scheduled_start: scheduledStart,
    scheduled_end: addMinutes(scheduledStart, durationMinutes),
    duration_minutes: durationMinutes,
    date: londonToday(new Date(scheduledStart)),
  };
}

/** The server's time beside a time entered by hand; null columns when the event was recorded at the server's time. */
function handEntered(
  at: string,
  data: {
    recordedAt?: string | undefined;
    handEnteredReason?: string | null | undefined;
    offlineCapturedAt?: string | undefined;
  },
) {
  // A record made offline differs from the server's time because it was sent later, not because it was typed.
  const byHand =
    data.offlineCapturedAt === undefined &&
    data.recordedAt !== undefined &&
    Date.parse(data.recordedAt) !== Date.parse(at);
  return {
    recordedAt: byHand ? iso(data.recordedAt!) : null,
    reason: byHand ? (data.handEnteredReason ?? null) : null,
  };
}

/** When a record made offline on the carer's phone was captured there and received by the server; null columns otherwise. */
function offline(data: { recordedAt?: string | undefined; offlineCapturedAt?: string | undefined }) {
  const made = data.offlineCapturedAt !== undefined;
  return {
    capturedAt: made ? iso(data.offlineCapturedAt!) : null,
    receivedAt: made && data.recordedAt !== undefined ? iso(data.recordedAt) : null,
  };
}

/**
 * The row after one event (a pure fold: the projection applies it to rows loaded or created in the same batch).
 * `current` is undefined only before AppointmentScheduled; any other event without a row is ignored (undefined).
 */
export function evolveRecord(
  current: AppointmentRecord | undefined,
  event: AppointmentRecorded,
): AppointmentRecord | undefined {
  const stamp = { revision: String(event.revision), updated_at: iso(event.metadata.occurredAt) };
  if (event.type === 'AppointmentScheduled') {
    const data = event.data;
    return {
      id: data.id,
      client_id: data.clientId,
      carer_id: data.carerId,
      status: 'scheduled',
      ...planned(data.scheduledStart, data.durationMinutes),
      visit_type: data.visitType,
      priority: data.priority,
      tasks: data.tasks,
      notes: data.notes,
      series_id: data.seriesId,
      running_late: false,
      checked_in_at: null,
      checked_out_at: null,
      check_in_location: null,
      check_out_location: null,
      check_in_source: null,
      check_out_source: null,
      manual_input_reason: null,
      late_arrival: false,
      late_reason: null,
      punctuality: null,
      check_in_recorded_at: null,
      check_in_time_reason: null,
      check_out_recorded_at: null,
      check_out_time_reason: null,
      check_in_offline_captured_at: null,
      check_in_offline_received_at: null,
      check_out_offline_captured_at: null,
      check_out_offline_received_at: null,
      tasks_completed: [],
      medication_given: null,
      client_mood: null,
      health_observations: null,
      visit_notes: null,
      note_shared_with_family: false,
      signature: null,
      travel_time_minutes: null,
      mileage_tenths: null,
      expenses_pence: null,
      client_rating: null,
      status_reason: null,
      amended: false,
      created_at: stamp.updated_at,
      ...stamp,
    };
  }
  if (!current) return undefined;
  switch (event.type) {
    case 'AppointmentCarerAssigned':
      return { ...current, carer_id: event.data.carerId, ...stamp };
    case 'AppointmentCarerUnassigned':
      return { ...current, carer_id: null, ...stamp };
    case 'AppointmentRescheduled':
      // A new time: lateness is judged again against it.
      return {
        ...current,
        ...planned(event.data.scheduledStart, event.data.durationMinutes),
        running_late: false,
        status: current.status === 'missed' ? 'scheduled' : current.status,
        ...stamp,
      };
    case 'AppointmentDetailsChanged': {
      const { visitType, priority, tasks, notes } = event.data.changes;
      return {
        ...current,
        ...(visitType !== undefined && { visit_type: visitType }),
        ...(priority !== undefined && { priority }),
        ...(tasks !== undefined && { tasks }),
        ...(notes !== undefined && { notes }),
        ...stamp,
      };
    }
    case 'AppointmentCancelled':
      return { ...current, status: 'cancelled', status_reason: event.data.reason, ...stamp };
    case 'AppointmentNoShowRecorded':
      return { ...current, status: 'no_show', status_reason: event.data.reason, ...stamp };
    case 'VisitRunningLate':
      return { ...current, running_late: true, ...stamp };
    case 'VisitMissed':
      // A check-in recorded before the policy's event reached us wins: the visit did happen.
      return { ...current, status: current.status === 'scheduled' ? 'missed' : current.status, ...stamp };
    case 'VisitCheckedIn': {
      const data = event.data;
      const byHand = handEntered(data.checkedInAt, data);
      return {
        ...current,
        status: 'in_progress',
        carer_id: data.carerId,
        running_late: false,
        checked_in_at: iso(data.checkedInAt),
        check_in_location: data.location,
        check_in_source: data.source,
        manual_input_reason: data.manualInputReason,
        late_arrival: data.lateArrival,
        late_reason: data.lateReason,
        punctuality: punctualityOf(current.scheduled_start, data.checkedInAt),
        check_in_recorded_at: byHand.recordedAt,
        check_in_time_reason: byHand.reason,
        check_in_offline_captured_at: offline(data).capturedAt,
        check_in_offline_received_at: offline(data).receivedAt,
        ...stamp,
      };
    }
    case 'VisitCheckedOut': {
      const data = event.data;
      const byHand = handEntered(data.checkedOutAt, data);
      return {
        ...current,
        status: 'completed',
        check_out_recorded_at: byHand.recordedAt,
        check_out_time_reason: byHand.reason,
        check_out_offline_captured_at: offline(data).capturedAt,
        check_out_offline_received_at: offline(data).receivedAt,
        ...outcomeColumns(data),
        client_rating: data.clientRating ?? null,
        // Absent on check-outs not shared and on those from before sharing existed: not shared.
        note_shared_with_family: data.shareWithFamily === true,
        check_out_location: data.location,
        check_out_source: data.source,
        manual_input_reason: current.manual_input_reason ?? data.manualInputReason,
        ...stamp,
      };
    }
    case 'VisitAmended': {
      const { checkedInAt, lateReason, ...outcome } = event.data.changes;
      const checkedIn = checkedInAt === undefined ? current.checked_in_at : iso(checkedInAt);
      return {
        ...current,
        ...outcomeColumns(outcome),
        checked_in_at: checkedIn,
        late_arrival:
          checkedIn === null ? current.late_arrival : punctualityOf(current.scheduled_start, checkedIn) === 'Late',
        punctuality: punctualityOf(current.scheduled_start, checkedIn),
        ...(lateReason !== undefined && { late_reason: lateReason }),
        amended: true,
        ...stamp,
      };
    }
  }
}

type Outcome = Partial<Extract<AppointmentEvent, { type: 'VisitCheckedOut' }>['data']>;

/** The outcome fields present in a check-out or an amendment. */
function outcomeColumns(outcome: Outcome): Partial<AppointmentRecord> {
  const columns: Partial<AppointmentRecord> = {};
  if (outcome.checkedOutAt !== undefined) columns.checked_out_at = iso(outcome.checkedOutAt);
  if (outcome.tasksCompleted !== undefined) columns.tasks_completed = outcome.tasksCompleted;
  if (outcome.medicationGiven !== undefined) columns.medication_given = outcome.medicationGiven;
  if (outcome.clientMood !== undefined) columns.client_mood = outcome.clientMood;
  if (outcome.healthObservations !== undefined) columns.health_observations = outcome.healthObservations;
  if (outcome.notes !== undefined) columns.visit_notes = outcome.notes;
  if (outcome.signature !== undefined) columns.signature = outcome.signature;
  if (outcome.travelTimeMinutes !== undefined) columns.travel_time_minutes = outcome.travelTimeMinutes;
  if (outcome.mileageTenths !== undefined) columns.mileage_tenths = outcome.mileageTenths;
  if (outcome.expensesPence !== undefined) columns.expenses_pence = outcome.expensesPence;
  return columns;
}
