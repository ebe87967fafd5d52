import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import { TASK_CATEGORIES, TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES } from '../enums';
import type { PersonRef, TaskView } from './task-view';

export const personRefSchema = z.strictObject({ id: z.string(), firstName: z.string(), lastName: z.string() });

/** TaskView for the API description and the tests that check replies against it. */
export const taskViewSchema = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(TASK_TYPES),
  category: z.enum(TASK_CATEGORIES),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  assignedTo: personRefSchema.nullable(),
  assignedBy: personRefSchema.nullable(),
  createdBy: personRefSchema.nullable(),
  clientId: z.uuid().nullable(),
  clientName: z.string().nullable(),
  carerId: z.uuid().nullable(),
  carerName: z.string().nullable(),
  appointmentId: z.uuid().nullable(),
  alertId: z.uuid().nullable(),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  completedAt: z.string().nullable(),
  notes: z.string().nullable(),
  revision: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type TaskViewSchemaMatches = Expect<Same<z.infer<typeof taskViewSchema>, TaskView>>;
export type TaskViewSchemaPersonMatches = Expect<Same<z.infer<typeof personRefSchema>, PersonRef>>;
