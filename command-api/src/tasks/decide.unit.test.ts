import type { TaskDetails, TaskSliceEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import { decide } from './decide';
import type { TaskCommand, TaskWorker } from './task-commands';
import { evolve, initialTaskState, type TaskState } from './task-state';

const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a70';
const carerUser = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a71';
const otherCarerUser = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a72';
const alertId = '5d0c7a3e-1f2b-5c4d-8e9f-0a1b2c3d4e5f';
const completedAt = '2026-11-23T14:00:00.000Z';

const details: TaskDetails = {
  title: 'Call the pharmacy',
  description: null,
  type: 'call',
  category: 'medication',
  priority: 'medium',
  dueDate: '2026-11-24T12:00:00.000Z',
  clientId: null,
  carerId: null,
  appointmentId: null,
};

const created: TaskSliceEvent = { type: 'TaskCreated', data: { id, ...details, assignedTo: carerUser, alertId: null } };
const started: TaskSliceEvent = { type: 'TaskStarted', data: { id } };
const completed: TaskSliceEvent = { type: 'TaskCompleted', data: { id, completedAt, notes: null } };
const cancelled: TaskSliceEvent = { type: 'TaskCancelled', data: { id, reason: 'No longer needed' } };
const reopened: TaskSliceEvent = { type: 'TaskReopened', data: { id, reason: 'Pharmacy did not call back' } };

const assignee: TaskWorker = { userId: carerUser, mayWorkAnyTask: false };
const otherCarer: TaskWorker = { userId: otherCarerUser, mayWorkAnyTask: false };
const coordinator: TaskWorker = { userId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a73', mayWorkAnyTask: true };

const start = (by: TaskWorker = assignee): TaskCommand => ({ type: 'StartTask', id, by });
const complete = (by: TaskWorker = assignee, notes: string | null = null): TaskCommand => ({
  type: 'CompleteTask',
  id,
  by,
  completedAt,
  notes,
});
const cancel: TaskCommand = { type: 'CancelTask', id, reason: 'No longer needed' };
const reopen: TaskCommand = { type: 'ReopenTask', id, reason: 'Pharmacy did not call back' };
const assign = (assignedTo: string | null): TaskCommand => ({ type: 'AssignTask', id, assignedTo });
const change = (changes: Partial<TaskDetails>): TaskCommand => ({ type: 'ChangeTaskDetails', id, changes });

function given(...events: TaskSliceEvent[]) {
  const state = events.reduce<TaskState>(evolve, initialTaskState);
  return {
    when: (command: TaskCommand) => ({
      then: (expected: TaskSliceEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenRefused: () => refusal(() => decide(command, state)),
    }),
  };
}

const conflict = (message: string) => ({ kind: 'conflict', message, field: undefined });
const NOT_FOUND = { kind: 'not_found', message: 'Task not found', field: undefined };
const NOT_THEIRS = { kind: 'not_found', message: 'Task not found', field: undefined };
const ALREADY_COMPLETED = conflict('Task is already completed');
const ALREADY_CANCELLED = conflict('Task is already cancelled');

describe('decide: CreateTask', () => {
  it('creates a pending task with its details, assignee and the alert it follows up', () => {
    given()
      .when({ type: 'CreateTask', id, details, assignedTo: null, alertId })
      .then([{ type: 'TaskCreated', data: { id, ...details, assignedTo: null, alertId } }]);
  });

  it('refuses to create the same task twice', () => {
    expect(
      given(created).when({ type: 'CreateTask', id, details, assignedTo: null, alertId: null }).thenRefused(),
    ).toEqual(conflict('Task already exists'));
  });
});

describe('decide: ChangeTaskDetails', () => {
  it('records only the fields that changed', () => {
    given(created)
      .when(change({ title: 'Call the pharmacy', priority: 'urgent', dueDate: null }))
      .then([{ type: 'TaskDetailsChanged', data: { id, changes: { priority: 'urgent', dueDate: null } } }]);
  });

  it('records nothing when nothing changes, compared with earlier changes', () => {
    given(created, { type: 'TaskDetailsChanged', data: { id, changes: { priority: 'urgent' } } })
      .when(change({ priority: 'urgent', title: 'Call the pharmacy' }))
      .then([]);
  });

  it('changes a task in progress but refuses a closed one', () => {
    given(created, started)
      .when(change({ category: 'care' }))
      .then([{ type: 'TaskDetailsChanged', data: { id, changes: { category: 'care' } } }]);
    expect(
      given(created, started, completed)
        .when(change({ category: 'care' }))
        .thenRefused(),
    ).toEqual(ALREADY_COMPLETED);
    expect(
      given(created, cancelled)
        .when(change({ category: 'care' }))
        .thenRefused(),
    ).toEqual(ALREADY_CANCELLED);
  });

  it('refuses an unknown task', () => {
    expect(
      given()
        .when(change({ title: 'x' }))
        .thenRefused(),
    ).toEqual(NOT_FOUND);
  });
});

describe('decide: AssignTask', () => {
  it('assigns, reassigns and unassigns an open task', () => {
    given(created)
      .when(assign(otherCarerUser))
      .then([{ type: 'TaskAssigned', data: { id, assignedTo: otherCarerUser } }]);
    given(created, started)
      .when(assign(null))
      .then([{ type: 'TaskAssigned', data: { id, assignedTo: null } }]);
  });

  it('records nothing when it is already assigned to that person', () => {
    given(created).when(assign(carerUser)).then([]);
  });

  it('refuses a closed or unknown task', () => {
    expect(given(created, started, completed).when(assign(otherCarerUser)).thenRefused()).toEqual(ALREADY_COMPLETED);
    expect(given(created, cancelled).when(assign(otherCarerUser)).thenRefused()).toEqual(ALREADY_CANCELLED);
    expect(given().when(assign(otherCarerUser)).thenRefused()).toEqual(NOT_FOUND);
  });
});

describe('decide: StartTask', () => {
  it('starts a pending task for its assignee or a manager', () => {
    given(created).when(start()).then([started]);
    given(created).when(start(coordinator)).then([started]);
    given(created, cancelled, reopened).when(start()).then([started]);
  });

  it("refuses a carer someone else's task, or an unassigned one, before saying anything of its status", () => {
    expect(given(created).when(start(otherCarer)).thenRefused()).toEqual(NOT_THEIRS);
    expect(given(created, started, completed).when(start(otherCarer)).thenRefused()).toEqual(NOT_THEIRS);
    expect(
      given(created, { type: 'TaskAssigned', data: { id, assignedTo: null } })
        .when(start())
        .thenRefused(),
    ).toEqual(NOT_THEIRS);
  });

  it('refuses a task in progress, completed or cancelled', () => {
    expect(given(created, started).when(start()).thenRefused()).toEqual(conflict('Task is already in progress'));
    expect(given(created, started, completed).when(start()).thenRefused()).toEqual(ALREADY_COMPLETED);
    expect(given(created, cancelled).when(start()).thenRefused()).toEqual(ALREADY_CANCELLED);
  });

  it('refuses an unknown task', () => {
    expect(given().when(start()).thenRefused()).toEqual(NOT_FOUND);
  });
});

describe('decide: CompleteTask', () => {
  it('completes a task in progress with the time and notes', () => {
    given(created, started)
      .when(complete(assignee, 'Prescription ready on Friday'))
      .then([{ type: 'TaskCompleted', data: { id, completedAt, notes: 'Prescription ready on Friday' } }]);
    given(created, started).when(complete(coordinator)).then([completed]);
  });

  it('refuses a pending task: it is started first', () => {
    expect(given(created).when(complete()).thenRefused()).toEqual(
      conflict('Task has not been started: start it before completing it'),
    );
  });

  it("refuses a carer someone else's task", () => {
    expect(given(created, started).when(complete(otherCarer)).thenRefused()).toEqual(NOT_THEIRS);
  });

  it('refuses a completed, cancelled or unknown task', () => {
    expect(given(created, started, completed).when(complete()).thenRefused()).toEqual(ALREADY_COMPLETED);
    expect(given(created, started, cancelled).when(complete()).thenRefused()).toEqual(ALREADY_CANCELLED);
    expect(given().when(complete()).thenRefused()).toEqual(NOT_FOUND);
  });
});

describe('decide: CancelTask', () => {
  it('cancels a pending task or one in progress, with the reason', () => {
    given(created).when(cancel).then([cancelled]);
    given(created, started).when(cancel).then([cancelled]);
  });

  it('refuses a completed, cancelled or unknown task', () => {
    expect(given(created, started, completed).when(cancel).thenRefused()).toEqual(ALREADY_COMPLETED);
    expect(given(created, cancelled).when(cancel).thenRefused()).toEqual(ALREADY_CANCELLED);
    expect(given().when(cancel).thenRefused()).toEqual(NOT_FOUND);
  });
});

describe('decide: ReopenTask', () => {
  it('reopens a completed or cancelled task as pending', () => {
    given(created, started, completed).when(reopen).then([reopened]);
    given(created, cancelled).when(reopen).then([reopened]);
    // Pending again: it is started before it is completed once more.
    given(created, started, completed, reopened).when(start()).then([started]);
  });

  it('refuses an open task', () => {
    const stillOpen = conflict('Task is still open: only a completed or cancelled task can be reopened');
    expect(given(created).when(reopen).thenRefused()).toEqual(stillOpen);
    expect(given(created, started).when(reopen).thenRefused()).toEqual(stillOpen);
  });

  it('refuses an unknown task', () => {
    expect(given().when(reopen).thenRefused()).toEqual(NOT_FOUND);
  });
});
