import type { CreateTaskRequest, TaskCategory, TaskPriority, TaskType } from '@care/events';

/** A step after the create command, sent by the task's assignee (or the administrator when it has none). */
export interface DemoTaskStep {
  readonly action: 'start' | 'complete' | 'cancel';
  readonly body: { notes?: string } | { reason: string };
}

export interface DemoTask {
  readonly create: CreateTaskRequest;
  readonly steps: readonly DemoTaskStep[];
}

/** Who the demo tasks are assigned to: the demo accounts. */
export interface DemoTaskPeople {
  readonly coordinatorId: string;
  readonly carerUserId: string;
}

const HOUR = 3_600_000;

interface Row {
  readonly title: string;
  readonly type: TaskType;
  readonly category: TaskCategory;
  readonly priority: TaskPriority;
  /** Hours from the seed to the due time (negative: overdue); null: no due date. */
  readonly dueInHours: number | null;
  readonly assignee: 'coordinator' | 'carer' | null;
  /** A client or carer of the demo data it is about (by index), when any. */
  readonly client?: number;
  readonly carer?: number;
  readonly status: 'pending' | 'in_progress' | 'completed' | 'cancelled';
  readonly description?: string;
}

/** Open tasks in every category (so To Do Items and Task Categories show real counts), a few overdue, a few done. */
const ROWS: readonly Row[] = [
  {
    title: 'Ring the GP about repeat prescription',
    type: 'call',
    category: 'medication',
    priority: 'high',
    dueInHours: 4,
    assignee: 'coordinator',
    client: 0,
    status: 'pending',
  },
  {
    title: 'Update the MAR chart after dose change',
    type: 'paperwork',
    category: 'medication',
    priority: 'urgent',
    dueInHours: -20,
    assignee: 'coordinator',
    client: 1,
    status: 'in_progress',
  },
  {
    title: 'Collect blister packs from the pharmacy',
    type: 'visit',
    category: 'medication',
    priority: 'medium',
    dueInHours: 28,
    assignee: 'carer',
    client: 2,
    status: 'pending',
  },
  {
    title: 'Check the pressure cushion is being used',
    type: 'visit',
    category: 'care',
    priority: 'high',
    dueInHours: 6,
    assignee: 'carer',
    client: 0,
    status: 'in_progress',
  },
  {
    title: 'Arrange a care review with the family',
    type: 'review',
    category: 'care',
    priority: 'medium',
    dueInHours: 72,
    assignee: 'coordinator',
    client: 3,
    status: 'pending',
    description: 'Daughter asked for an evening meeting.',
  },
  {
    title: 'Follow up a fall reported last week',
    type: 'follow_up',
    category: 'care',
    priority: 'high',
    dueInHours: -48,
    assignee: null,
    client: 4,
    status: 'pending',
  },
  {
    title: 'Find cover for Saturday morning round',
    type: 'other',
    category: 'staffing',
    priority: 'urgent',
    dueInHours: 30,
    assignee: 'coordinator',
    status: 'pending',
  },
  {
    title: 'Return-to-work interview',
    type: 'review',
    category: 'staffing',
    priority: 'medium',
    dueInHours: 96,
    assignee: 'coordinator',
    carer: 2,
    status: 'pending',
  },
  {
    title: 'Book moving and handling refresher',
    type: 'follow_up',
    category: 'training',
    priority: 'medium',
    dueInHours: 120,
    assignee: 'coordinator',
    carer: 1,
    status: 'pending',
  },
  {
    title: 'Complete the safeguarding e-learning',
    type: 'other',
    category: 'training',
    priority: 'low',
    dueInHours: 240,
    assignee: 'carer',
    status: 'pending',
  },
  {
    title: 'File the signed consent forms',
    type: 'paperwork',
    category: 'administration',
    priority: 'low',
    dueInHours: null,
    assignee: null,
    status: 'pending',
  },
  {
    title: 'Renew the agency insurance certificate',
    type: 'paperwork',
    category: 'administration',
    priority: 'medium',
    dueInHours: -4,
    assignee: 'coordinator',
    status: 'pending',
  },
  {
    title: 'Send the monthly visit summary',
    type: 'paperwork',
    category: 'administration',
    priority: 'medium',
    dueInHours: -72,
    assignee: 'coordinator',
    status: 'completed',
  },
  {
    title: 'Replace the key safe code',
    type: 'visit',
    category: 'care',
    priority: 'high',
    dueInHours: -30,
    assignee: 'carer',
    client: 5,
    status: 'completed',
  },
  {
    title: 'Order new gloves and aprons',
    type: 'other',
    category: 'staffing',
    priority: 'low',
    dueInHours: -96,
    assignee: null,
    status: 'cancelled',
  },
];

const STEPS: Record<Row['status'], readonly DemoTaskStep[]> = {
  pending: [],
  in_progress: [{ action: 'start', body: {} }],
  completed: [
    { action: 'start', body: {} },
    { action: 'complete', body: { notes: 'Done.' } },
  ],
  cancelled: [{ action: 'cancel', body: { reason: 'Stock arrived from the usual supplier' } }],
};

/**
 * Fifteen to-do tasks, the same every time apart from due dates placed around the moment of seeding, sent
 * through the task commands (scripts/demo-seed.ts): open ones in every category, some overdue, some done.
 */
export function demoTasks(
  people: DemoTaskPeople,
  carerIds: readonly string[],
  clientIds: readonly string[],
  now: Date,
): DemoTask[] {
  const hour = Math.ceil(now.getTime() / HOUR) * HOUR;
  return ROWS.map((row) => ({
    create: {
      title: row.title,
      description: row.description ?? null,
      type: row.type,
      category: row.category,
      priority: row.priority,
      // Absent, not null: the create request reads a missing due date as none.
      dueDate: row.dueInHours === null ? undefined : new Date(hour + row.dueInHours * HOUR).toISOString(),
      assignedTo:
        row.assignee === 'coordinator' ? people.coordinatorId : row.assignee === 'carer' ? people.carerUserId : null,
      clientId: row.client === undefined ? null : (clientIds[row.client] ?? null),
      carerId: row.carer === undefined ? null : (carerIds[row.carer] ?? null),
    },
    steps: STEPS[row.status],
  }));
}
