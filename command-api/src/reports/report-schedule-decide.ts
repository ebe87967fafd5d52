import type { ReportScheduleEvent, ReportSchedulePlan, Role } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';

export type ReportScheduleState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly deleted: boolean;
      readonly paused: boolean;
      readonly scheduledBy: string;
      readonly generated: ReadonlySet<string>;
    };

export const initialReportScheduleState: ReportScheduleState = { exists: false };

/** An event as read back: who recorded it is in its metadata (who scheduled a report is who recorded ReportScheduled). */
export type RecordedScheduleEvent = ReportScheduleEvent & { readonly metadata: { readonly userId: string } };

/** Folds one event into what `decide` needs. Pure. */
export function evolve(state: ReportScheduleState, event: RecordedScheduleEvent): ReportScheduleState {
  switch (event.type) {
    case 'ReportScheduled':
      return { exists: true, deleted: false, paused: false, scheduledBy: event.metadata.userId, generated: new Set() };
    case 'ReportSchedulePaused':
      return state.exists ? { ...state, paused: true } : state;
    case 'ReportScheduleResumed':
      return state.exists ? { ...state, paused: false } : state;
    case 'ReportScheduleDeleted':
      return state.exists ? { ...state, deleted: true } : state;
    case 'ScheduledReportGenerated':
      return state.exists ? { ...state, generated: new Set([...state.generated, event.data.periodFrom]) } : state;
    default:
      return assertNever(event);
  }
}

export interface Actor {
  readonly userId: string;
  readonly role: Role;
}

export type ReportScheduleCommand =
  | {
      readonly type: 'ScheduleReport';
      readonly id: string;
      readonly plan: ReportSchedulePlan;
      readonly startsOn: string;
    }
  | { readonly type: 'PauseSchedule' | 'ResumeSchedule' | 'DeleteSchedule'; readonly id: string; readonly actor: Actor }
  | {
      readonly type: 'RecordGeneratedReport';
      readonly data: Extract<ReportScheduleEvent, { type: 'ScheduledReportGenerated' }>['data'];
    };

/** An administrator may manage any schedule; a coordinator only the schedules they made. */
function mayManage(state: Extract<ReportScheduleState, { exists: true }>, actor: Actor): boolean {
  return actor.role === 'admin' || state.scheduledBy === actor.userId;
}

/** The report schedule's rules. Pure: the same command and state always give the same events or error. */
export function decide(command: ReportScheduleCommand, state: ReportScheduleState): ReportScheduleEvent[] {
  if (command.type === 'ScheduleReport') {
    if (state.exists) throw new DomainError('conflict', 'Schedule already exists');
    return [{ type: 'ReportScheduled', data: { id: command.id, ...command.plan, startsOn: command.startsOn } }];
  }
  if (!state.exists || state.deleted) throw new DomainError('not_found', 'Schedule not found');
  switch (command.type) {
    case 'PauseSchedule':
    case 'ResumeSchedule':
    case 'DeleteSchedule': {
      if (!mayManage(state, command.actor))
        throw new DomainError('forbidden', 'Only an administrator or whoever scheduled it may change this schedule');
      if (command.type === 'DeleteSchedule') return [{ type: 'ReportScheduleDeleted', data: { id: command.id } }];
      if (command.type === 'PauseSchedule')
        return state.paused ? [] : [{ type: 'ReportSchedulePaused', data: { id: command.id } }];
      return state.paused ? [{ type: 'ReportScheduleResumed', data: { id: command.id } }] : [];
    }
    case 'RecordGeneratedReport':
      // A paused schedule produces nothing; a period already generated is not generated again.
      if (state.paused || state.generated.has(command.data.periodFrom)) return [];
      return [{ type: 'ScheduledReportGenerated', data: command.data }];
    default:
      return assertNever(command);
  }
}
