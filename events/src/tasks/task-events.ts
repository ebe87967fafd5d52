import { z } from 'zod';
import { TASK_CATEGORIES, TASK_PRIORITIES, TASK_TYPES } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInstant, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

/** What a task says; changed only by TaskDetailsChanged (which keeps the earlier values in the stream). */
export const taskDetailsSchema = z.object({
  title: eventText(TEXT_LIMITS.title),
  description: eventText(TEXT_LIMITS.notes).nullable(),
  type: z.enum(TASK_TYPES),
  category: z.enum(TASK_CATEGORIES),
  priority: z.enum(TASK_PRIORITIES),
  dueDate: eventInstant().nullable(),
  clientId: z.uuid().nullable(),
  carerId: z.uuid().nullable(),
  appointmentId: z.uuid().nullable(),
});
export type TaskDetails = z.infer<typeof taskDetailsSchema>;

/**
 * A to-do task. Who created and who assigned it is the metadata's userId; `alertId` is
 * the alert it follows up, when a coordinator made it from one.
 */
export const TaskCreated = defineEvent(
  'TaskCreated',
  1,
  taskDetailsSchema.extend({ id: z.uuid(), assignedTo: z.uuid().nullable(), alertId: z.uuid().nullable() }),
);
export const TaskAssigned = defineEvent('TaskAssigned', 1, z.object({ id: z.uuid(), assignedTo: z.uuid().nullable() }));
export const TaskDetailsChanged = defineEvent(
  'TaskDetailsChanged',
  1,
  z.object({ id: z.uuid(), changes: taskDetailsSchema.partial() }),
);
export const TaskStarted = defineEvent('TaskStarted', 1, z.object({ id: z.uuid() }));
export const TaskCompleted = defineEvent(
  'TaskCompleted',
  1,
  z.object({ id: z.uuid(), completedAt: eventInstant(), notes: eventText(TEXT_LIMITS.notes).nullable() }),
);
export const TaskCancelled = defineEvent(
  'TaskCancelled',
  1,
  z.object({ id: z.uuid(), reason: eventText(TEXT_LIMITS.shortReason) }),
);
export const TaskReopened = defineEvent(
  'TaskReopened',
  1,
  z.object({ id: z.uuid(), reason: eventText(TEXT_LIMITS.shortReason) }),
);

export const taskSliceEvents = [
  TaskCreated,
  TaskAssigned,
  TaskDetailsChanged,
  TaskStarted,
  TaskCompleted,
  TaskCancelled,
  TaskReopened,
] as const;
export type TaskSliceEvent = EventOf<typeof taskSliceEvents>;

export const taskStreamId = (taskId: string): string => `task-${taskId}`;
