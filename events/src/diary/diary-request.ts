import { z } from 'zod';
import { DIARY_ENTRY_TYPES, DIARY_PRIORITIES } from '../enums';
import { blankToUndefined, optionalText, requiredInstant, requiredReference, requiredText, textList } from '../fields';
import { LIST_LIMITS, TEXT_LIMITS } from '../limits';

const contentFields = {
  entryDate: requiredInstant('Entry date is required'),
  entryType: z.enum(DIARY_ENTRY_TYPES, { error: `Entry type must be one of: ${DIARY_ENTRY_TYPES.join(', ')}` }),
  priority: z.enum(DIARY_PRIORITIES, { error: `Priority must be one of: ${DIARY_PRIORITIES.join(', ')}` }),
  title: requiredText('Title is required', TEXT_LIMITS.title),
  content: requiredText('Content is required', TEXT_LIMITS.diaryContent),
  tags: textList(LIST_LIMITS.diaryTags, TEXT_LIMITS.tag),
  isConfidential: z.boolean({ error: 'Confidential must be true or false' }),
};

/** The Care Diary's Add Entry form, shared by the UI and the command API. */
export const createDiaryEntryRequestSchema = z.object({
  carerId: requiredReference('Carer is required', 'Carer not found'),
  clientId: requiredReference('Client is required', 'Client not found'),
  appointmentId: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Appointment must be a UUID' })
      .trim()
      .toLowerCase()
      .pipe(z.uuid({ error: 'Appointment must be a UUID' }))
      .nullable()
      .optional(),
  ),
  ...contentFields,
  entryType: contentFields.entryType.default('care_note'),
  priority: contentFields.priority.default('normal'),
  tags: contentFields.tags.default([]),
  isConfidential: contentFields.isConfidential.default(false),
});
export type CreateDiaryEntryRequest = z.input<typeof createDiaryEntryRequestSchema>;
export type CreateDiaryEntryCommandInput = z.output<typeof createDiaryEntryRequestSchema>;

/** PATCH: the content fields to change (only those sent) and why; carer and client stay as written. */
export const amendDiaryEntryRequestSchema = z
  .object(contentFields)
  .partial()
  .extend({ reason: optionalText(TEXT_LIMITS.shortReason) });
export type AmendDiaryEntryRequest = z.input<typeof amendDiaryEntryRequestSchema>;
export type AmendDiaryEntryCommandInput = z.output<typeof amendDiaryEntryRequestSchema>;
