import type { TaskCategory, TaskPriority, TaskStatus, TaskType } from '../enums';

/** A person named on a task or an alert, as the users read model knows them (null: unknown or a system user). */
export interface PersonRef {
  id: string;
  firstName: string;
  lastName: string;
}

/** GET /api/tasks items. */
export interface TaskView {
  id: string;
  title: string;
  description: string | null;
  type: TaskType;
  category: TaskCategory;
  priority: TaskPriority;
  status: TaskStatus;
  assignedTo: PersonRef | null;
  assignedBy: PersonRef | null;
  createdBy: PersonRef | null;
  clientId: string | null;
  clientName: string | null;
  carerId: string | null;
  carerName: string | null;
  appointmentId: string | null;
  alertId: string | null;
  dueDate: string | null;
  /** Open (pending or in progress) and past its due date. */
  overdue: boolean;
  completedAt: string | null;
  notes: string | null;
  /** Stream revision: send it back as If-Match to refuse a concurrent change. */
  revision: string;
  createdAt: string;
  updatedAt: string;
}
