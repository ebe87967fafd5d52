import { reportScheduleEvents, type ReportScheduleEvent } from './reports/report-schedule-events';
import type { z } from 'zod';
import { carerEventDefinitions, type CarerEvent } from './carers/carer-events';
import { employeeIdEventDefinitions, type EmployeeIdEvent } from './carers/employee-id-events';
import { carerAccountEventDefinitions, type CarerAccountEvent } from './carers/carer-account-events';
import { appointmentEvents, carerBookingEvents, type AppointmentEvent, type CarerBookingEvent } from './appointments';
import { clientSliceEvents, type ClientSliceEvent } from './clients';
import { carerShiftBookingEvents, shiftEvents, type CarerShiftBookingEvent, type ShiftEvent } from './shifts';
import { projectionEventDefinitions, type ProjectionEvent } from './projections/projection-events';
import { diarySliceEvents, type DiarySliceEvent } from './diary';
import { alertRuleSwitchEvents, alertSliceEvents, type AlertRuleSwitchEvent, type AlertSliceEvent } from './alerts';
import { taskSliceEvents, type TaskSliceEvent } from './tasks';
import { carePlanSliceEvents, type CarePlanSliceEvent } from './care-plans/slice-events';
import {
  incidentClaimEvents,
  incidentSliceEvents,
  safeguardingSettingsEvents,
  type IncidentClaimEvent,
  type IncidentSliceEvent,
  type SafeguardingSettingsEvent,
} from './incidents/incident-events';
import { medicationSliceEvents, type MedicationSliceEvent } from './medications';
import { feedbackSliceEvents, type FeedbackSliceEvent } from './feedback';
import { financeSliceEvents, payrollSliceEvents, type FinanceSliceEvent, type PayrollSliceEvent } from './finance';
import { contractSliceEvents, type ContractSliceEvent } from './finance/contract-events';
import { emergencySliceEvents, type EmergencySliceEvent } from './emergencies/emergency-events';
import { offlineRecordEvents, type OfflineRecordEvent } from './offline-records/offline-record-events';
import { accountSliceEvents, type AccountSliceEvent } from './account/account-events';
import { settingsSliceEvents, type SettingsSliceEvent } from './settings/settings-events';
import { destructionEvents, type DestructionEvent } from './destruction/destruction-events';
import { dataManagementEvents, type DataManagementEvent } from './data-management/data-events';
import {
  trainingCompletionEventDefinitions,
  trainingSliceEvents,
  type TrainingCompletionEvent,
  type TrainingSliceEvent,
} from './training';
import { carerLeaveEvents, leaveSliceEvents, type CarerLeaveEvent, type LeaveSliceEvent } from './leave';
import { workingPatternEvents, type WorkingPatternEvent } from './availability/working-pattern-events';
import { voiceNoteSliceEvents, type VoiceNoteSliceEvent } from './voice-notes';
import { accessEventDefinitions, type AccessEvent } from './users/access-events';
import { userEmailEventDefinitions, type UserEmailEvent } from './users/email-reservation-events';
import { userEventDefinitions, type UserEvent } from './users/user-events';
import { auditSliceEvents, type AuditSliceEvent } from './audit/audit-events';
import { subjectAccessEvents, type SubjectAccessEvent } from './subject-access/subject-access-events';
import { demoSeedEvents, type DemoSeedEvent } from './demo/demo-seed-events';
import { familySliceEvents, type FamilySliceEvent } from './family/family-events';
import { familyConcernEventDefinitions, type FamilyConcernEvent } from './family/family-concern-events';
import type { EventDefinition } from './event-definition';
import type { RawRecordedEvent } from './store/event-store';
import { eventMetadataSchema, type EventMetadata } from './store/metadata';
import type { Position } from './store/position';

/** Every domain event the platform knows. New features add their definitions here. */
const allDefinitions: readonly EventDefinition<string, z.ZodType>[] = [
  ...carerEventDefinitions,
  ...employeeIdEventDefinitions,
  ...carerAccountEventDefinitions,
  ...userEventDefinitions,
  ...userEmailEventDefinitions,
  ...accessEventDefinitions,
  ...clientSliceEvents,
  ...trainingSliceEvents,
  ...trainingCompletionEventDefinitions,
  ...leaveSliceEvents,
  ...carerLeaveEvents,
  ...workingPatternEvents,
  ...diarySliceEvents,
  ...voiceNoteSliceEvents,
  ...feedbackSliceEvents,
  ...financeSliceEvents,
  ...contractSliceEvents,
  ...payrollSliceEvents,
  ...appointmentEvents,
  ...carerBookingEvents,
  ...shiftEvents,
  ...carerShiftBookingEvents,
  ...alertSliceEvents,
  ...alertRuleSwitchEvents,
  ...taskSliceEvents,
  ...carePlanSliceEvents,
  ...incidentSliceEvents,
  ...incidentClaimEvents,
  ...safeguardingSettingsEvents,
  ...medicationSliceEvents,
  ...emergencySliceEvents,
  ...offlineRecordEvents,
  ...accountSliceEvents,
  ...settingsSliceEvents,
  ...destructionEvents,
  ...dataManagementEvents,
  ...projectionEventDefinitions,
  ...reportScheduleEvents,
  ...auditSliceEvents,
  ...subjectAccessEvents,
  ...demoSeedEvents,
  ...familySliceEvents,
  ...familyConcernEventDefinitions,
];
const byType = new Map(allDefinitions.map((definition) => [definition.type, definition]));

/** Every registered definition (tests walk their schemas; see testing/boundary-events.ts). */
export const registeredEventDefinitions: readonly EventDefinition<string, z.ZodType>[] = allDefinitions;

export type DomainEvent =
  | CarerEvent
  | EmployeeIdEvent
  | CarerAccountEvent
  | UserEvent
  | UserEmailEvent
  | AccessEvent
  | ClientSliceEvent
  | TrainingSliceEvent
  | TrainingCompletionEvent
  | LeaveSliceEvent
  | CarerLeaveEvent
  | WorkingPatternEvent
  | DiarySliceEvent
  | VoiceNoteSliceEvent
  | FeedbackSliceEvent
  | FinanceSliceEvent
  | ContractSliceEvent
  | PayrollSliceEvent
  | AppointmentEvent
  | CarerBookingEvent
  | ShiftEvent
  | CarerShiftBookingEvent
  | AlertSliceEvent
  | AlertRuleSwitchEvent
  | TaskSliceEvent
  | SettingsSliceEvent
  | DestructionEvent
  | DataManagementEvent
  | CarePlanSliceEvent
  | IncidentSliceEvent
  | IncidentClaimEvent
  | SafeguardingSettingsEvent
  | MedicationSliceEvent
  | EmergencySliceEvent
  | OfflineRecordEvent
  | AccountSliceEvent
  | ProjectionEvent
  | AuditSliceEvent
  | SubjectAccessEvent
  | FamilySliceEvent
  | FamilyConcernEvent
  | DemoSeedEvent
  | ReportScheduleEvent;

export type RecordedEvent<TEvent extends DomainEvent = DomainEvent> = TEvent & {
  readonly eventId: string;
  readonly streamId: string;
  readonly revision: bigint;
  readonly position: Position;
  readonly metadata: EventMetadata;
};

export class UnreadableEventError extends Error {
  constructor(
    readonly event: RawRecordedEvent,
    reason: string,
  ) {
    super(`Event ${event.eventId} (${event.type} v${event.schemaVersion}) in ${event.streamId}: ${reason}`);
    this.name = 'UnreadableEventError';
  }
}

export function definitionOf(type: DomainEvent['type']): EventDefinition<string, z.ZodType> {
  const definition = byType.get(type);
  if (!definition) throw new Error(`No definition for event type ${type}`);
  return definition;
}

/**
 * Each raw event's parsed form, kept as long as the raw event is: a reader that keeps the raw events it read (the demo
 * loader's in-memory streams) folds the same streams again and again, and would otherwise validate each event anew
 * every time. A read from the store gives new raw objects, so nothing is shared between two reads.
 */
const parsedOnce = new WeakMap<RawRecordedEvent, RecordedEvent>();

/** Validates an event read back from the store. A stored event that fails its schema is an error, never ignored. */
export function parseRecordedEvent(raw: RawRecordedEvent): RecordedEvent {
  let parsed = parsedOnce.get(raw);
  if (!parsed) {
    parsed = parseOnce(raw);
    parsedOnce.set(raw, parsed);
  }
  return parsed;
}

function parseOnce(raw: RawRecordedEvent): RecordedEvent {
  const definition = byType.get(raw.type);
  if (!definition) throw new UnreadableEventError(raw, 'unknown event type');
  if (raw.schemaVersion !== definition.schemaVersion) {
    throw new UnreadableEventError(raw, `no upcaster from version ${raw.schemaVersion} to ${definition.schemaVersion}`);
  }
  const data = definition.schema.safeParse(raw.data);
  if (!data.success) throw new UnreadableEventError(raw, `invalid data: ${data.error.message}`);
  const metadata = eventMetadataSchema.safeParse(raw.metadata);
  if (!metadata.success) throw new UnreadableEventError(raw, `invalid metadata: ${metadata.error.message}`);
  return {
    type: raw.type,
    data: data.data,
    eventId: raw.eventId,
    streamId: raw.streamId,
    revision: raw.revision,
    position: raw.position,
    metadata: metadata.data,
  } as RecordedEvent;
}
