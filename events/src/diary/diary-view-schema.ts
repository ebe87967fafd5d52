import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import { DIARY_ENTRY_TYPES, DIARY_PRIORITIES } from '../enums';
import type { DiaryEntryVersionView, DiaryEntryView } from './diary-view';

const nameOnly = z.strictObject({ firstName: z.string(), lastName: z.string() });

/** DiaryEntryView for the API description and the tests that check replies against it. */
export const diaryEntryViewSchema = z.strictObject({
  id: z.uuid(),
  carerId: z.uuid(),
  clientId: z.uuid(),
  appointmentId: z.uuid().nullable(),
  entryDate: z.string(),
  entryType: z.enum(DIARY_ENTRY_TYPES),
  title: z.string(),
  content: z.string(),
  priority: z.enum(DIARY_PRIORITIES),
  tags: z.array(z.string()),
  isConfidential: z.boolean(),
  reviewedBy: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  authorUserId: z.uuid(),
  amended: z.boolean(),
  revision: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  client: nameOnly,
  carer: z.strictObject({ user: nameOnly }),
});

const fieldValue = z.union([z.string(), z.boolean(), z.array(z.string()), z.null()]);

export const diaryEntryVersionViewSchema = z.strictObject({
  revision: z.string(),
  action: z.enum(['created', 'amended', 'reviewed']),
  userId: z.string(),
  userName: z.string().nullable(),
  occurredAt: z.string(),
  changes: z.array(z.strictObject({ field: z.string(), from: fieldValue, to: fieldValue })),
  reason: z.string().nullable(),
});

export type DiaryViewSchemaMatches = Expect<Same<z.infer<typeof diaryEntryViewSchema>, DiaryEntryView>>;
export type DiaryViewSchemaVersionMatches = Expect<
  Same<z.infer<typeof diaryEntryVersionViewSchema>, DiaryEntryVersionView>
>;
