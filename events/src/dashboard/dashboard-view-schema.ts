import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import { TASK_CATEGORIES, type TaskCategory } from '../enums';
import type { DashboardStats } from './dashboard-view';

const count = z.int().min(0);

/** DashboardStats for the API description and the tests that check replies against it. */
export const dashboardStatsSchema = z.strictObject({
  activeAlerts: count,
  urgentAlerts: count,
  openAlerts: count,
  toDoItems: count,
  overdueTasks: count,
  taskCategories: z.strictObject(
    Object.fromEntries(TASK_CATEGORIES.map((category) => [category, count])) as Record<TaskCategory, typeof count>,
  ),
  unrecordedVisits: count,
  welfareConcerns: count.nullable(),
  incidents: count.nullable(),
  quickStats: z.strictObject({
    onTimeRate: z.number().min(0).max(100).nullable(),
    trainingCompliance: z.number().min(0).max(100).nullable(),
    clientSatisfaction: z.number().min(1).max(5).nullable(),
    ratingsCount: count,
  }),
});

export type DashboardViewSchemaMatches = Expect<Same<z.infer<typeof dashboardStatsSchema>, DashboardStats>>;
