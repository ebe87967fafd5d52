import { commandTime } from '@care/events/server';
import { v7 as uuidv7 } from 'uuid';
import { londonToday, reportScheduleStreamId, type CreateReportScheduleRequest, type EventStore } from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import {
  decide,
  evolve,
  initialReportScheduleState,
  type Actor,
  type RecordedScheduleEvent,
  type ReportScheduleCommand,
  type ReportScheduleState,
} from './report-schedule-decide';

/** Runs report-schedule commands: load the stream, `decide`, append with the expected revision. */
export class ReportScheduleService {
  constructor(private readonly store: EventStore) {}

  async schedule(
    input: CreateReportScheduleRequest,
    context: CommandContext,
    now = commandTime(),
  ): Promise<CommandResult> {
    const id = uuidv7();
    const events = decide(
      { type: 'ScheduleReport', id, plan: input, startsOn: londonToday(now) },
      initialReportScheduleState,
    );
    const appended = await appendEvents(this.store, reportScheduleStreamId(id), events, 'no_stream', context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async change(
    id: string,
    type: 'PauseSchedule' | 'ResumeSchedule' | 'DeleteSchedule',
    actor: Actor,
    context: CommandContext,
  ): Promise<CommandResult> {
    return (await this.run(id, { type, id, actor }, context)).result;
  }

  /** The rules process records a generated period; nothing when the schedule is paused, deleted or already has it. */
  async recordGenerated(
    data: Extract<ReportScheduleCommand, { type: 'RecordGeneratedReport' }>['data'],
    context: CommandContext,
  ): Promise<CommandResult | undefined> {
    try {
      const { result, appended } = await this.run(data.id, { type: 'RecordGeneratedReport', data }, context);
      return appended ? result : undefined;
    } catch (error) {
      if (error instanceof DomainError) return undefined;
      throw error;
    }
  }

  private async run(
    id: string,
    command: ReportScheduleCommand,
    context: CommandContext,
  ): Promise<{ result: CommandResult; appended: boolean }> {
    const streamId = reportScheduleStreamId(id);
    const loaded = await loadStream<RecordedScheduleEvent, ReportScheduleState>(
      this.store,
      streamId,
      evolve,
      initialReportScheduleState,
    );
    const events = decide(command, loaded.state);
    const revision = loaded.revision === 'no_stream' ? -1n : loaded.revision;
    if (events.length === 0) return { result: { id, revision, position: loaded.lastEvent?.position }, appended: false };
    const appended = await appendEvents(this.store, streamId, events, revision, context);
    return { result: { id, revision: appended.nextExpectedRevision, position: appended.position }, appended: true };
  }
}
