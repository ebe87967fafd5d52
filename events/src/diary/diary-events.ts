import { z } from 'zod';
import { DIARY_ENTRY_TYPES, DIARY_PRIORITIES } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInstant, eventText, eventTextList } from '../event-fields';
import { LIST_LIMITS, TEXT_LIMITS } from '../limits';

/** What a diary entry says: set when it is added, changed only by an amendment (which keeps the old values). */
export const diaryEntryContentSchema = z.object({
  /** The moment the note is about, as a UTC instant. */
  entryDate: eventInstant(),
  entryType: z.enum(DIARY_ENTRY_TYPES),
  priority: z.enum(DIARY_PRIORITIES),
  title: eventText(TEXT_LIMITS.title),
  content: eventText(TEXT_LIMITS.diaryContent),
  tags: eventTextList(LIST_LIMITS.diaryTags, TEXT_LIMITS.tag),
  isConfidential: z.boolean(),
});
export type DiaryEntryContent = z.infer<typeof diaryEntryContentSchema>;
export type DiaryEntryContentField = keyof DiaryEntryContent;
export const DIARY_ENTRY_CONTENT_FIELDS = Object.keys(diaryEntryContentSchema.shape) as DiaryEntryContentField[];

/** The author is the event metadata's userId: who wrote the note is recorded once, by the server. */
export const DiaryEntryAdded = defineEvent(
  'DiaryEntryAdded',
  1,
  diaryEntryContentSchema.extend({
    id: z.uuid(),
    carerId: z.uuid(),
    clientId: z.uuid(),
    appointmentId: z.uuid().nullable(),
  }),
);

export const DiaryEntryReviewed = defineEvent(
  'DiaryEntryReviewed',
  1,
  z.object({ id: z.uuid(), reviewedBy: z.uuid(), reviewedAt: eventInstant() }),
);

/** Only the fields that changed; the earlier values stay in the stream (a care record is a legal record). */
export const DiaryEntryAmended = defineEvent(
  'DiaryEntryAmended',
  1,
  z.object({
    id: z.uuid(),
    changes: diaryEntryContentSchema.partial(),
    reason: eventText(TEXT_LIMITS.shortReason).nullable(),
  }),
);

/** Every event of this slice. */
export const diarySliceEvents = [DiaryEntryAdded, DiaryEntryReviewed, DiaryEntryAmended] as const;
export type DiarySliceEvent = EventOf<typeof diarySliceEvents>;

export const diaryEntryStreamId = (id: string): string => `diary-entry-${id}`;
