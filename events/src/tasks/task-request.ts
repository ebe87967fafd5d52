import { z } from 'zod';
import { DEFAULT_TASK_PRIORITY, TASK_CATEGORIES, TASK_PRIORITIES, TASK_TYPES } from '../enums';
import { clearableInstant, oneOf, optionalInstant, optionalText, requiredText } from '../fields';
import { TEXT_LIMITS } from '../limits';

const optionalId = (label: string) =>
  z
    .uuid({ error: `${label} must be a valid id` })
    .nullable()
    .optional();

/** POST /api/tasks: title, category and type are required; priority defaults to medium. */
export const createTaskRequestSchema = z.object({
  title: requiredText('Title is required', TEXT_LIMITS.title),
  description: optionalText(TEXT_LIMITS.notes),
  type: oneOf(TASK_TYPES, 'Type'),
  category: oneOf(TASK_CATEGORIES, 'Category'),
  priority: oneOf(TASK_PRIORITIES, 'Priority').default(DEFAULT_TASK_PRIORITY),
  dueDate: optionalInstant(),
  assignedTo: optionalId('Assigned to'),
  clientId: optionalId('Client'),
  carerId: optionalId('Carer'),
  appointmentId: optionalId('Appointment'),
});
export type CreateTaskRequest = z.input<typeof createTaskRequestSchema>;

/**
 * PATCH /api/tasks/:id: only the fields sent change (so priority has no default here: an edit of the title must
 * not reset it); blank or null clears the description, due date and links.
 */
export const updateTaskRequestSchema = createTaskRequestSchema
  .omit({ assignedTo: true, priority: true, dueDate: true })
  .partial()
  .extend({ priority: oneOf(TASK_PRIORITIES, 'Priority').optional(), dueDate: clearableInstant() });
export type UpdateTaskRequest = z.input<typeof updateTaskRequestSchema>;

/** POST /api/tasks/:id/assign and /api/alerts/:id/assign: null unassigns. */
export const assignRequestSchema = z.object({
  assignedTo: z.uuid({ error: 'Assigned to must be a valid id' }).nullable(),
});
export type AssignRequest = z.input<typeof assignRequestSchema>;

/** POST /api/tasks/:id/complete. */
export const completeTaskRequestSchema = z.object({ notes: optionalText(TEXT_LIMITS.notes) });
/** POST /api/tasks/:id/cancel and /reopen, /api/alerts/:id/reopen. */
export const reasonRequestSchema = z.object({ reason: requiredText('Reason is required', TEXT_LIMITS.shortReason) });

/** POST /api/alerts/:id/task: a follow-up task made from the alert in one step (its title and links are the alert's). */
export const alertTaskRequestSchema = z.object({
  title: optionalText(TEXT_LIMITS.title),
  category: oneOf(TASK_CATEGORIES, 'Category').optional(),
  priority: oneOf(TASK_PRIORITIES, 'Priority').optional(),
  dueDate: optionalInstant(),
  assignedTo: optionalId('Assigned to'),
});
export type AlertTaskRequest = z.input<typeof alertTaskRequestSchema>;
