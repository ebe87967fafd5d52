import { createTaskRequestSchema, TASK_CATEGORIES } from '@care/events';
import { describe, expect, it } from 'vitest';
import { demoTasks } from './demo-tasks';

const people = {
  coordinatorId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a71',
  carerUserId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a72',
};
const carerIds = [
  '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a73',
  '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a74',
  '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a75',
];
const clientIds = Array.from({ length: 6 }, (_, index) => `0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6b7${index}`);
const now = new Date('2026-11-23T13:20:00Z');

describe('demo tasks', () => {
  const tasks = demoTasks(people, carerIds, clientIds, now);

  it('pass the create request schema', () => {
    for (const task of tasks)
      expect(createTaskRequestSchema.safeParse(task.create).success, task.create.title).toBe(true);
  });

  it('leave open tasks in every category, some overdue, and some assigned to the demo carer account', () => {
    const open = tasks.filter(
      (task) => !task.steps.some((step) => step.action === 'complete' || step.action === 'cancel'),
    );
    expect(new Set(open.map((task) => task.create.category))).toEqual(new Set(TASK_CATEGORIES));
    expect(
      open.some((task) => typeof task.create.dueDate === 'string' && Date.parse(task.create.dueDate) < now.getTime()),
    ).toBe(true);
    expect(open.some((task) => task.create.assignedTo === people.carerUserId)).toBe(true);
    expect(tasks.some((task) => task.steps.some((step) => step.action === 'complete'))).toBe(true);
  });

  it('start a task before completing it, and only work on assigned tasks', () => {
    for (const task of tasks) {
      const actions = task.steps.map((step) => step.action);
      if (actions.includes('complete')) expect(actions).toEqual(['start', 'complete']);
      if (actions.includes('start')) expect(task.create.assignedTo).not.toBeNull();
    }
  });
});
