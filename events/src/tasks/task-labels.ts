import type { TaskCategory, TaskPriority, TaskStatus, TaskType } from '../enums';

export const TASK_CATEGORY_LABELS: Record<TaskCategory, string> = {
  care: 'Care',
  medication: 'Medication',
  staffing: 'Staffing',
  training: 'Training',
  administration: 'Administration',
};
export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  follow_up: 'Follow-up',
  call: 'Phone call',
  visit: 'Visit',
  review: 'Review',
  paperwork: 'Paperwork',
  other: 'Other',
};
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
