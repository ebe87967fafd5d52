import { commandTime } from '@care/events/server';
import { v7 as uuidv7 } from 'uuid';
import {
  appointmentStreamId,
  carerStreamId,
  clientStreamId,
  taskStreamId,
  WrongExpectedRevisionError,
  type createTaskRequestSchema,
  type EventStore,
  type Position,
  type TaskDetails,
  type TaskSliceEvent,
  type updateTaskRequestSchema,
} from '@care/events';
import type { z } from 'zod';
import type { CommandContext } from '../shared/actor';
import { assertActiveUser } from '../shared/active-user';
import type { CommandResult } from '../shared/command-reply';
import { appendEvents, loadStream } from '../shared/event-stream';
import { assertRecordsExist, type RecordReference } from '../shared/record-lookup';
import { decide, mayWork } from './decide';
import type { TaskCommand, TaskWorker } from './task-commands';
import { evolve, initialTaskState, type TaskState } from './task-state';

export type CreateTaskInput = z.output<typeof createTaskRequestSchema>;
export type UpdateTaskInput = z.output<typeof updateTaskRequestSchema>;

/** A new task's details and links, as the create request or an alert's follow-up gives them. */
export interface NewTask {
  readonly details: TaskDetails;
  readonly assignedTo: string | null;
  readonly alertId: string | null;
}

/** Runs task commands: load the stream, `decide`, append with the expected revision. */
export class TaskService {
  constructor(private readonly store: EventStore) {}

  async create(input: CreateTaskInput, context: CommandContext): Promise<CommandResult> {
    const {
      assignedTo = null,
      description = null,
      dueDate,
      clientId = null,
      carerId = null,
      appointmentId = null,
      ...rest
    } = input;
    return this.createTask(
      {
        details: { ...rest, description, dueDate: dueDate ?? null, clientId, carerId, appointmentId },
        assignedTo,
        alertId: null,
      },
      context,
    );
  }

  /**
   * Creates a task after checking that the people and records it names exist (400 on that field otherwise).
   * `linksFrom: 'alert'`: the client, carer and visit were copied from an alert, which named them from recorded
   * facts; they are not the caller's input, so only the assignee is checked.
   */
  async createTask(
    task: NewTask,
    context: CommandContext,
    linksFrom: 'request' | 'alert' = 'request',
  ): Promise<CommandResult & { position: Position }> {
    await this.checkReferences(linksFrom === 'request' ? task.details : {}, task.assignedTo);
    const id = uuidv7();
    const events = decide({ type: 'CreateTask', id, ...task }, initialTaskState);
    const appended = await appendEvents(this.store, taskStreamId(id), events, 'no_stream', context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  update(
    id: string,
    input: UpdateTaskInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.run({ type: 'ChangeTaskDetails', id, changes: input }, ifMatch, context, () =>
      this.checkReferences(input, null),
    );
  }

  assign(
    id: string,
    assignedTo: string | null,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.run({ type: 'AssignTask', id, assignedTo }, ifMatch, context, () =>
      this.checkReferences({}, assignedTo),
    );
  }

  start(id: string, by: TaskWorker, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    return this.run({ type: 'StartTask', id, by }, ifMatch, context, undefined, by);
  }

  complete(
    id: string,
    by: TaskWorker,
    notes: string | null,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.run(
      { type: 'CompleteTask', id, by, notes, completedAt: commandTime().toISOString() },
      ifMatch,
      context,
      undefined,
      by,
    );
  }

  cancel(id: string, reason: string, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    return this.run({ type: 'CancelTask', id, reason }, ifMatch, context);
  }

  reopen(id: string, reason: string, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    return this.run({ type: 'ReopenTask', id, reason }, ifMatch, context);
  }

  private async checkReferences(
    links: Partial<Pick<TaskDetails, 'clientId' | 'carerId' | 'appointmentId'>>,
    assignedTo: string | null,
  ): Promise<void> {
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
    // A cancelled visit can still need a follow-up, so any appointment that was ever booked may be named.
    if (links.appointmentId)
      references.push({
        streamId: appointmentStreamId(links.appointmentId),
        field: 'appointmentId',
        message: 'Appointment not found',
      });
    await assertRecordsExist(this.store, references);
    if (assignedTo !== null) await assertActiveUser(this.store, assignedTo, 'assignedTo');
  }

  /** `check`: what the command names must exist, checked once the task itself is known (an unknown task is a 404 first). */
  private async run(
    command: TaskCommand,
    ifMatch: bigint | undefined,
    context: CommandContext,
    check: () => Promise<void> = async () => {},
    worker?: TaskWorker,
  ): Promise<CommandResult> {
    const streamId = taskStreamId(command.id);
    const loaded = await loadStream<TaskSliceEvent, TaskState>(this.store, streamId, evolve, initialTaskState);
    // A task the worker may not see answers as unknown even before a stale If-Match would tell that it exists.
    if (worker) mayWork(loaded.state, worker);
    // A stale If-Match comes first: the caller decided on a version that is gone, whatever this one would say.
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && ifMatch !== loaded.revision) {
      throw new WrongExpectedRevisionError(streamId, ifMatch, loaded.revision);
    }
    const events = decide(command, loaded.state);
    // decide refused an unknown task above, so the stream exists from here on.
    const revision = loaded.revision === 'no_stream' ? -1n : loaded.revision;
    await check();
    if (events.length === 0) return { id: command.id, revision, position: loaded.lastEvent?.position };
    const appended = await appendEvents(this.store, streamId, events, revision, context);
    return { id: command.id, revision: appended.nextExpectedRevision, position: appended.position };
  }
}
