import { changedFields, isLateArrival, type AppointmentEvent, type AppointmentStatus } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import type { AmendableVisit, AppointmentCommand, VisitRecorder } from './appointment-commands';
import { scheduledEndOf, type AppointmentState, type ExistingAppointment } from './appointment-state';
import { assertCheckInWindowOpen, CLOCK_SKEW_MS, recordedTime } from './visit-times';

export const APPOINTMENT_NOT_FOUND = 'Appointment not found';

const STATUS_PHRASE: Record<AppointmentStatus, string> = {
  scheduled: 'is scheduled',
  in_progress: 'is in progress',
  completed: 'is completed (a completed visit changes only by an amendment)',
  cancelled: 'was cancelled',
  no_show: 'was recorded as a no-show',
  missed: 'was missed',
};

/** The appointment's (visit's) rules. Pure: the same command and state always give the same events or refusal. */
export function decide(command: AppointmentCommand, state: AppointmentState): AppointmentEvent[] {
  const { id } = command;
  switch (command.type) {
    case 'ScheduleAppointment':
      if (state.exists) throw new DomainError('conflict', 'Appointment already exists');
      return [
        {
          type: 'AppointmentScheduled',
          data: {
            id,
            carerId: command.carerId,
            seriesId: command.seriesId,
            ...command.plan,
            ...(command.leaveOverrideReason !== undefined && { leaveOverrideReason: command.leaveOverrideReason }),
            ...(command.outsideWorkingPattern && { outsideWorkingPattern: true }),
          },
        },
      ];
    case 'AssignCarer': {
      const current = whileScheduled(state, 'assign a carer to');
      if (current.carerId === command.carerId) return [];
      return [
        {
          type: 'AppointmentCarerAssigned',
          data: {
            id,
            carerId: command.carerId,
            previousCarerId: current.carerId,
            ...(command.leaveOverrideReason !== undefined && { leaveOverrideReason: command.leaveOverrideReason }),
            ...(command.outsideWorkingPattern && { outsideWorkingPattern: true }),
          },
        },
      ];
    }
    case 'UnassignCarer': {
      const current = whileScheduled(state, 'unassign the carer of');
      if (current.carerId === null) return [];
      return [{ type: 'AppointmentCarerUnassigned', data: { id, previousCarerId: current.carerId } }];
    }
    case 'RescheduleAppointment': {
      const { plan } = whileScheduled(state, 'reschedule');
      if (plan.scheduledStart === command.scheduledStart && plan.durationMinutes === command.durationMinutes) return [];
      return [
        {
          type: 'AppointmentRescheduled',
          data: {
            id,
            scheduledStart: command.scheduledStart,
            durationMinutes: command.durationMinutes,
            ...(command.leaveOverrideReason !== undefined && { leaveOverrideReason: command.leaveOverrideReason }),
          },
        },
      ];
    }
    case 'ChangeAppointment': {
      const { plan } = whileScheduled(state, 'change');
      const changes = changedFields(plan, command.changes);
      return Object.keys(changes).length === 0 ? [] : [{ type: 'AppointmentDetailsChanged', data: { id, changes } }];
    }
    case 'CancelAppointment':
      whileScheduled(state, 'cancel');
      return [{ type: 'AppointmentCancelled', data: { id, reason: command.reason } }];
    case 'RecordNoShow':
      // A missed visit may turn out to be a no-show once the carer reports why it did not happen.
      whileIn(state, ['scheduled', 'missed'], 'record a no-show for');
      return [{ type: 'AppointmentNoShowRecorded', data: { id, reason: command.reason } }];
    case 'CheckTimeliness':
      return decideTimeliness(state, command.now, command.lateGraceMinutes, id);
    case 'CheckIn': {
      const current = existing(state);
      assertMayRecord(command.recorder);
      if (current.status === 'in_progress') throw new DomainError('conflict', 'The visit is already checked in');
      // A missed visit still accepts a check-in: the carer was there, their phone was offline.
      whileIn(current, ['scheduled', 'missed'], 'check in to');
      if (current.carerId === null) throw new DomainError('conflict', 'Assign a carer to the visit before checking in');
      const { at: checkedInAt, ...time } = recordedTime({
        claimed: command.checkedInAt,
        now: command.now,
        reason: command.handEnteredReason,
        offlineCapturedAt: command.offlineCapturedAt,
        field: 'checkedInAt',
        rules: command.rules,
      });
      assertCheckInWindowOpen(checkedInAt, current.plan.scheduledStart, command.rules);
      const lateArrival = isLateArrival(current.plan.scheduledStart, checkedInAt);
      return [
        {
          type: 'VisitCheckedIn',
          data: {
            id,
            carerId: current.carerId,
            checkedInAt,
            ...command.capture,
            lateArrival,
            lateReason: command.lateReason,
            ...time,
          },
        },
      ];
    }
    case 'CheckOut': {
      const current = existing(state);
      assertMayRecord(command.recorder);
      if (current.status === 'scheduled' || current.status === 'missed') {
        throw new DomainError('conflict', 'Check in to the visit before checking out');
      }
      if (current.status === 'completed') throw new DomainError('conflict', 'The visit is already checked out');
      whileIn(current, ['in_progress'], 'check out of');
      const { at: checkedOutAt, ...time } = recordedTime({
        claimed: command.checkedOutAt,
        now: command.now,
        reason: command.handEnteredReason,
        offlineCapturedAt: command.offlineCapturedAt,
        field: 'checkedOutAt',
        rules: command.rules,
      });
      assertInOrder(current.checkedInAt ?? checkedOutAt, checkedOutAt, 'checkedOutAt');
      const tasksCompleted = tasksOfVisit(current, command.outcome.tasksCompleted);
      // Written only when given, so a check-out without a rating reads the same as one recorded before ratings existed.
      const rating = command.clientRating === null ? {} : { clientRating: command.clientRating };
      // The same for sharing: a check-out not shared reads like one from before the family portal.
      const shared = command.shareWithFamily ? { shareWithFamily: true as const } : {};
      return [
        {
          type: 'VisitCheckedOut',
          data: {
            id,
            ...command.capture,
            ...command.outcome,
            tasksCompleted,
            checkedOutAt,
            ...time,
            ...rating,
            ...shared,
          },
        },
      ];
    }
    case 'AmendVisit': {
      const current = existing(state);
      if (current.status !== 'completed' || current.outcome === null || current.checkedInAt === null) {
        throw new DomainError(
          'conflict',
          `Only a completed visit can be amended: this visit ${STATUS_PHRASE[current.status]}`,
        );
      }
      const recorded: AmendableVisit = {
        ...current.outcome,
        checkedInAt: current.checkedInAt,
        lateReason: current.lateReason,
      };
      const requested = { ...command.changes };
      if (requested.tasksCompleted !== undefined)
        requested.tasksCompleted = tasksOfVisit(current, requested.tasksCompleted);
      const changes = changedFields(recorded, requested);
      if (Object.keys(changes).length === 0) return [];
      if (changes.checkedInAt !== undefined)
        assertNotInFuture(changes.checkedInAt, command.now, 'checkedInAt', 'Check-in time cannot be in the future');
      if (changes.checkedOutAt !== undefined)
        assertNotInFuture(changes.checkedOutAt, command.now, 'checkedOutAt', 'Check-out time cannot be in the future');
      const amended = { ...recorded, ...changes };
      assertInOrder(
        amended.checkedInAt,
        amended.checkedOutAt,
        changes.checkedOutAt !== undefined ? 'checkedOutAt' : 'checkedInAt',
      );
      return [{ type: 'VisitAmended', data: { id, changes, reason: command.reason } }];
    }
    default:
      return assertNever(command);
  }
}

/**
 * The timeliness policy's decision: after the planned end without a check-in the visit is missed; after the
 * start plus the grace period it is running late (raised once). Anything but a scheduled visit is left alone.
 */
function decideTimeliness(
  state: AppointmentState,
  now: string,
  lateGraceMinutes: number,
  id: string,
): AppointmentEvent[] {
  if (!state.exists || state.status !== 'scheduled') return [];
  const nowMs = Date.parse(now);
  if (nowMs >= Date.parse(scheduledEndOf(state.plan))) return [{ type: 'VisitMissed', data: { id, detectedAt: now } }];
  const lateFrom = Date.parse(state.plan.scheduledStart) + lateGraceMinutes * 60_000;
  if (!state.runningLate && nowMs >= lateFrom) return [{ type: 'VisitRunningLate', data: { id, detectedAt: now } }];
  return [];
}

function existing(state: AppointmentState): ExistingAppointment {
  if (!state.exists) throw new DomainError('not_found', APPOINTMENT_NOT_FOUND);
  return state;
}

function whileIn(state: AppointmentState, allowed: readonly AppointmentStatus[], action: string): ExistingAppointment {
  const current = existing(state);
  if (!allowed.includes(current.status)) {
    throw new DomainError('conflict', `Cannot ${action} a visit that ${STATUS_PHRASE[current.status]}`);
  }
  return current;
}

const whileScheduled = (state: AppointmentState, action: string) => whileIn(state, ['scheduled'], action);

/** Another carer's visit is answered as one that does not exist: a carer may not learn of visits outside their work. */
function assertMayRecord(recorder: VisitRecorder): void {
  if (!recorder.mayRecordAnyVisit && !recorder.isAssignedCarer) {
    throw new DomainError('not_found', APPOINTMENT_NOT_FOUND);
  }
}

function assertNotInFuture(instant: string, now: string, field: string, message: string): void {
  if (Date.parse(instant) > Date.parse(now) + CLOCK_SKEW_MS) throw new DomainError('invalid', message, field);
}

function assertInOrder(checkedInAt: string, checkedOutAt: string, field: string): void {
  if (Date.parse(checkedOutAt) < Date.parse(checkedInAt)) {
    throw new DomainError('invalid', 'Check-out time must not be before the check-in time', field);
  }
}

/** The tasks done, each one of the visit's own tasks (matched ignoring case, recorded in the visit's spelling). */
function tasksOfVisit(state: ExistingAppointment, done: readonly string[]): string[] {
  const byKey = new Map(state.plan.tasks.map((task) => [task.toLowerCase(), task]));
  return done.map((task) => {
    const own = byKey.get(task.trim().toLowerCase());
    if (own === undefined)
      throw new DomainError('invalid', `"${task}" is not one of this visit's tasks`, 'tasksCompleted');
    return own;
  });
}
