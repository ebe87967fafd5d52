import { commandTime } from '@care/events/server';
import { v7 as uuidv7 } from 'uuid';
import {
  appointmentStreamId,
  definedOnly,
  carerStreamId,
  clientStreamId,
  diaryEntryStreamId,
  incidentFromDiaryStreamId,
  incidentStreamId,
  londonToday,
  parseRecordedEvent,
  userStreamId,
  WrongExpectedRevisionError,
  type AppointmentEvent,
  type DiaryPriority,
  type EventStore,
  type IncidentCorrection,
  type IncidentDetails,
  type IncidentSliceEvent,
  type Position,
  type UserEvent,
} from '@care/events';
import {
  evolve as evolveAppointment,
  initialAppointmentState,
  type AppointmentState,
} from '../appointments/appointment-state';
import type { CommandContext } from '../shared/actor';
import { CarerWork, type WriterScope } from '../shared/carer-work';
import type { CommandResult } from '../shared/command-reply';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import { assertRecordsExist, type RecordReference } from '../shared/record-lookup';
import { evolveUser, initialUserState, type UserState } from '../users/user-state';
import { decide } from './decide';
import type { IncidentCommand } from './incident-commands';
import { evolve, initialIncidentState, type IncidentState, type IncidentStreamEvent } from './incident-state';

export const NOT_YOUR_VISIT = 'No visit of yours has this ID';
export const NOT_AN_INCIDENT_ENTRY = 'Only a diary entry of type incident can be reported as an incident';
export const DIARY_ENTRY_NOT_FOUND = 'Diary entry not found';
export const ALREADY_REPORTED_FROM_DIARY = 'An incident was already reported from this diary entry';
export const ESCALATE_TO_ACTIVE_USER = 'Choose an active user';

/** A diary entry's priority as the incident's first severity (a manager escalates or amends from there). */
const SEVERITY_OF_PRIORITY: Record<DiaryPriority, IncidentDetails['severity']> = {
  urgent: 'critical',
  high: 'high',
  normal: 'medium',
  low: 'low',
};

/** Who reports: staff (incidents.manage) may name any visit or diary entry; anyone else only their own. */
export interface IncidentReporter {
  readonly userId: string;
  readonly mayNameAnyRecord: boolean;
  /** Whose clients, visits and carer record they may name (a carer: their work, shared/carer-work.ts). */
  readonly scope: WriterScope;
}

export interface ReportInput extends Omit<IncidentDetails, 'clientId' | 'carerId'> {
  readonly clientId: string | null;
  readonly carerId: string | null;
  readonly appointmentId: string | null;
}

/** Runs incident commands: load the stream, `decide`, append with the expected revision. Reads streams only. */
export class IncidentService {
  constructor(
    private readonly store: EventStore,
    private readonly work: CarerWork = new CarerWork(store),
  ) {}

  /**
   * A report. Named from a visit, the visit's client and carer fill in what the form left blank (a carer
   * reporting a fall from their phone names the visit only). A carer names only their own visits, a client of
   * their work and their own carer record: anything else answers as if it did not exist (404 under its field),
   * so the report, and what it shows back, never names a person the carer may not read.
   */
  async report(
    input: ReportInput,
    reporter: IncidentReporter,
    context: CommandContext,
  ): Promise<CommandResult & { position: Position }> {
    const { appointmentId, ...details } = input;
    let { clientId, carerId } = details;
    if (carerId !== null)
      await this.work.assertCarer(reporter.scope, carerId, { message: 'Carer not found', field: 'carerId' });
    if (clientId !== null)
      await this.work.assertClient(reporter.scope, clientId, { message: 'Client not found', field: 'clientId' });
    if (appointmentId !== null) {
      const visit = await this.visit(appointmentId, reporter);
      clientId ??= visit.clientId;
      carerId ??= visit.carerId;
    }
    await this.checkReferences({ clientId, carerId });
    return this.append({ ...details, clientId, carerId }, appointmentId, null, context);
  }

  /**
   * "Report as incident" on a diary entry of type incident: its title, text, client, carer, visit and time become
   * the report in one step. One incident per entry: a reservation stream created expecting none, so a second
   * press (or a second person) gets 409 instead of a duplicate.
   */
  async reportFromDiary(
    diaryEntryId: string,
    chosen: { readonly type: IncidentDetails['type']; readonly severity: IncidentDetails['severity'] | undefined },
    reporter: IncidentReporter,
    context: CommandContext,
  ): Promise<CommandResult & { position: Position }> {
    const entry = await this.diaryEntry(diaryEntryId, reporter);
    const id = uuidv7();
    const details: IncidentDetails = {
      type: chosen.type,
      severity: chosen.severity ?? SEVERITY_OF_PRIORITY[entry.priority],
      title: entry.title,
      description: entry.content,
      location: null,
      clientId: entry.clientId,
      carerId: entry.carerId,
      witnessDetails: null,
      immediateAction: null,
      followUpRequired: false,
      followUpNotes: null,
      dateOccurred: entry.entryDate,
    };
    // Decided before the claim: a report the rules refuse (an entry dated in the future) must not use up the entry.
    const events = decide(
      { type: 'ReportIncident', id, details, appointmentId: entry.appointmentId, diaryEntryId, now: commandTime() },
      initialIncidentState,
    );
    try {
      await appendEvents(
        this.store,
        incidentFromDiaryStreamId(diaryEntryId),
        [{ type: 'IncidentDiaryEntryClaimed', data: { diaryEntryId, incidentId: id } }],
        'no_stream',
        context,
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new DomainError('conflict', ALREADY_REPORTED_FROM_DIARY);
      throw error;
    }
    const appended = await appendEvents(this.store, incidentStreamId(id), events, 'no_stream', context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  amend(
    id: string,
    changes: IncidentCorrection,
    reason: string,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.run({ type: 'AmendIncident', id, changes, reason, now: commandTime() }, ifMatch, context, () =>
      this.checkReferences(changes),
    );
  }

  escalate(
    id: string,
    severity: IncidentDetails['severity'] | null,
    escalatedTo: string | null,
    reason: string,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ) {
    return this.run({ type: 'EscalateIncident', id, severity, escalatedTo, reason }, ifMatch, context, async () => {
      if (escalatedTo !== null) await this.assertActiveUser(escalatedTo);
    });
  }

  /** Every other command: the id, the command, If-Match. */
  command(command: IncidentCommand, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    return this.run(command, ifMatch, context);
  }

  private async append(
    details: IncidentDetails,
    appointmentId: string | null,
    diaryEntryId: string | null,
    context: CommandContext,
    id: string = uuidv7(),
  ): Promise<CommandResult & { position: Position }> {
    const events = decide(
      { type: 'ReportIncident', id, details, appointmentId, diaryEntryId, now: commandTime() },
      initialIncidentState,
    );
    const appended = await appendEvents(this.store, incidentStreamId(id), events, 'no_stream', context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  private async checkReferences(links: {
    clientId?: string | null | undefined;
    carerId?: string | null | undefined;
  }): Promise<void> {
    const references: RecordReference[] = [];
    if (links.clientId)
      references.push({
        streamId: clientStreamId(links.clientId),
        removedType: 'ClientRemoved',
        field: 'clientId',
        message: 'Client not found',
      });
    if (links.carerId)
      references.push({
        streamId: carerStreamId(links.carerId),
        removedType: 'CarerRemoved',
        field: 'carerId',
        message: 'Carer not found',
      });
    await assertRecordsExist(this.store, references);
  }

  private async assertActiveUser(userId: string): Promise<void> {
    const { state } = await loadStream<UserEvent, UserState>(
      this.store,
      userStreamId(userId),
      evolveUser,
      initialUserState,
    );
    if (!state.exists || !state.isActive) throw new DomainError('invalid', ESCALATE_TO_ACTIVE_USER, 'escalatedTo');
  }

  /** The visit named: a carer may name only a visit assigned to their own carer record (else 404, as for an unknown one). */
  private async visit(
    appointmentId: string,
    reporter: IncidentReporter,
  ): Promise<{ clientId: string; carerId: string | null }> {
    if (reporter.scope.kind === 'carer') {
      const visit = await this.work.assertVisit(reporter.scope, appointmentId, {
        message: NOT_YOUR_VISIT,
        field: 'appointmentId',
      });
      return { clientId: visit.plan.clientId, carerId: visit.carerId };
    }
    const { state } = await loadStream<AppointmentEvent, AppointmentState>(
      this.store,
      appointmentStreamId(appointmentId),
      evolveAppointment,
      initialAppointmentState,
    );
    if (!state.exists) throw new DomainError('invalid', 'Appointment not found', 'appointmentId');
    return { clientId: state.plan.clientId, carerId: state.carerId };
  }

  /** The diary entry as it reads now (its report and amendments); a carer may report only an entry they wrote. */
  private async diaryEntry(diaryEntryId: string, reporter: IncidentReporter) {
    const events = (await this.store.readStream(diaryEntryStreamId(diaryEntryId))).map(parseRecordedEvent);
    const added = events.find((event) => event.type === 'DiaryEntryAdded');
    // Someone else's entry is answered as unknown: it may be confidential, and its existence is not the carer's to
    // learn. For a carer both are outside their work (404); staff naming a missing entry sent a bad request (400).
    const unknown = new DomainError(
      reporter.scope.kind === 'carer' ? 'not_found' : 'invalid',
      DIARY_ENTRY_NOT_FOUND,
      'diaryEntryId',
    );
    if (!added || added.type !== 'DiaryEntryAdded') throw unknown;
    if (!reporter.mayNameAnyRecord && added.metadata.userId !== reporter.userId) throw unknown;
    let content = added.data;
    for (const event of events)
      if (event.type === 'DiaryEntryAmended') content = { ...content, ...definedOnly(event.data.changes) };
    if (content.entryType !== 'incident') throw new DomainError('invalid', NOT_AN_INCIDENT_ENTRY, 'diaryEntryId');
    return content;
  }

  /** `check`: what the command names must exist, checked once the incident itself is known (an unknown one is a 404 first). */
  private async run(
    command: IncidentCommand,
    ifMatch: bigint | undefined,
    context: CommandContext,
    check: () => Promise<void> = async () => {},
  ): Promise<CommandResult> {
    const streamId = incidentStreamId(command.id);
    const loaded = await loadStream<IncidentStreamEvent, IncidentState>(
      this.store,
      streamId,
      evolve,
      initialIncidentState,
    );
    // A stale If-Match comes first: the caller decided on a version that is gone, whatever this one would say.
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && ifMatch !== loaded.revision) {
      throw new WrongExpectedRevisionError(streamId, ifMatch, loaded.revision);
    }
    const events: IncidentSliceEvent[] = decide(command, loaded.state);
    const revision = loaded.revision === 'no_stream' ? -1n : loaded.revision;
    await check();
    if (events.length === 0) return { id: command.id, revision, position: loaded.lastEvent?.position };
    const appended = await appendEvents(this.store, streamId, events, revision, context);
    return { id: command.id, revision: appended.nextExpectedRevision, position: appended.position };
  }
}

/** London date today, for the commands that refuse a date in the future. */
export const todayInLondon = (): string => londonToday(commandTime());
