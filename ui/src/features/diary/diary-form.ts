import {
  amendDiaryEntryRequestSchema,
  createDiaryEntryRequestSchema,
  type AmendDiaryEntryRequest,
  type CreateDiaryEntryRequest,
  type DiaryEntryType,
  type DiaryEntryView,
  type DiaryPriority,
} from '@care/events';
import type { z } from 'zod';
import { issuesByField } from '../../shared/form-errors';
import { londonInputToIso, toLondonInputValue } from '../../shared/london-time';

/** What the Add Entry / Amend form holds; the entry date as the datetime-local input's London wall time. */
export interface DiaryFormValues {
  carerId: string;
  clientId: string;
  entryType: DiaryEntryType;
  priority: DiaryPriority;
  entryDate: string;
  title: string;
  content: string;
  tags: string[];
  isConfidential: boolean;
  /** Amend only: why the entry is changed (kept in its history). */
  reason: string;
}

export type DiaryFormField = keyof DiaryFormValues;
export type DiaryFormErrors = Partial<Record<DiaryFormField, string>>;
export const DIARY_FORM_FIELDS = [
  'carerId',
  'clientId',
  'entryType',
  'priority',
  'entryDate',
  'title',
  'content',
  'tags',
  'isConfidential',
  'reason',
] as const satisfies readonly DiaryFormField[];

/** A new entry: now, a care note of normal priority (the form's defaults). */
export function newDiaryFormValues(now: Date, carerId = ''): DiaryFormValues {
  return {
    carerId,
    clientId: '',
    entryType: 'care_note',
    priority: 'normal',
    entryDate: toLondonInputValue(now),
    title: '',
    content: '',
    tags: [],
    isConfidential: false,
    reason: '',
  };
}

export function entryToFormValues(entry: DiaryEntryView): DiaryFormValues {
  return {
    carerId: entry.carerId,
    clientId: entry.clientId,
    entryType: entry.entryType,
    priority: entry.priority,
    entryDate: toLondonInputValue(entry.entryDate),
    title: entry.title,
    content: entry.content,
    tags: [...entry.tags],
    isConfidential: entry.isConfidential,
    reason: '',
  };
}

export type FormCheck<R> = { ok: true; request: R } | { ok: false; errors: DiaryFormErrors };

function check<R>(schema: z.ZodType, request: R): FormCheck<R> {
  const result = schema.safeParse(request);
  return result.success ? { ok: true, request } : { ok: false, errors: issuesByField(result.error, DIARY_FORM_FIELDS) };
}

/** Checked with the schema the command API uses, so the messages are the server's own. */
export function checkNewEntry(values: DiaryFormValues): FormCheck<CreateDiaryEntryRequest> {
  const { reason: _reason, entryDate, ...fields } = values;
  return check(createDiaryEntryRequestSchema, {
    ...fields,
    tags: [...fields.tags],
    entryDate: londonInputToIso(entryDate),
  });
}

/** Only what differs from the entry is sent, so the history records exactly what was amended. */
export function checkAmendment(entry: DiaryEntryView, values: DiaryFormValues): FormCheck<AmendDiaryEntryRequest> {
  const original = entryToFormValues(entry);
  const request: AmendDiaryEntryRequest = { reason: values.reason };
  if (values.entryDate !== original.entryDate) request.entryDate = londonInputToIso(values.entryDate);
  if (values.entryType !== original.entryType) request.entryType = values.entryType;
  if (values.priority !== original.priority) request.priority = values.priority;
  if (values.title !== original.title) request.title = values.title;
  if (values.content !== original.content) request.content = values.content;
  if (JSON.stringify(values.tags) !== JSON.stringify(original.tags)) request.tags = [...values.tags];
  if (values.isConfidential !== original.isConfidential) request.isConfidential = values.isConfidential;
  return check(amendDiaryEntryRequestSchema, request);
}
