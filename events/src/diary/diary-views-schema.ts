import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import { APPOINTMENT_STATUSES } from '../enums';
import { diaryEntryViewSchema } from './diary-view-schema';
import type { DiaryMapVisitView, DiaryMonitoringRowView, DiaryRosterGroupView, DiaryWeekView } from './diary-views';

const nameOnly = z.strictObject({ firstName: z.string(), lastName: z.string() });

/** The diary views' replies, for the API description and the tests that check replies against it. */
export const diaryWeekViewSchema = z.strictObject({
  weekStart: z.string(),
  weekEnd: z.string(),
  days: z.array(z.strictObject({ date: z.string(), entries: z.array(diaryEntryViewSchema), total: z.int() })),
});

export const diaryRosterGroupViewSchema = z.strictObject({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  entries: z.int(),
  latestEntryDate: z.string(),
  latest: z.array(diaryEntryViewSchema),
});

const diaryVisitViewSchema = z.strictObject({
  id: z.uuid(),
  date: z.string(),
  scheduledStart: z.string(),
  scheduledEnd: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  carer: nameOnly.nullable(),
  client: nameOnly,
});

export const diaryMonitoringRowViewSchema = z.strictObject({
  entry: diaryEntryViewSchema,
  visit: diaryVisitViewSchema.nullable(),
});

export const diaryMapVisitViewSchema = diaryVisitViewSchema.extend({
  location: z.strictObject({ latitude: z.number(), longitude: z.number(), address: z.string().nullable() }),
  carerAppLastOnline: z.string().nullable(),
  entries: z.array(z.strictObject({ id: z.uuid(), title: z.string(), entryDate: z.string() })),
});

export type DiaryViewsSchemaWeek = Expect<Same<z.infer<typeof diaryWeekViewSchema>, DiaryWeekView>>;
export type DiaryViewsSchemaGroup = Expect<Same<z.infer<typeof diaryRosterGroupViewSchema>, DiaryRosterGroupView>>;
export type DiaryViewsSchemaRow = Expect<Same<z.infer<typeof diaryMonitoringRowViewSchema>, DiaryMonitoringRowView>>;
export type DiaryViewsSchemaMapVisit = Expect<Same<z.infer<typeof diaryMapVisitViewSchema>, DiaryMapVisitView>>;
