import { recordVoiceNoteRequestSchema, type RecordVoiceNoteRequest } from '@care/events';
import { issuesByField } from '../../shared/form-errors';

/** What the save form holds beside the recording. */
export interface VoiceNoteFormValues {
  title: string;
  category: string;
  priority: string;
  clientId: string;
  tags: string[];
  isPrivate: boolean;
}

export const VOICE_NOTE_FORM_FIELDS = ['title', 'category', 'priority', 'clientId', 'tags', 'isPrivate'] as const;
export type VoiceNoteFormField = (typeof VOICE_NOTE_FORM_FIELDS)[number];
export type VoiceNoteFormErrors = Partial<Record<VoiceNoteFormField, string>>;

export const EMPTY_VOICE_NOTE_FORM: VoiceNoteFormValues = {
  title: '',
  category: 'general',
  priority: 'medium',
  clientId: '',
  tags: [],
  isPrivate: false,
};

/** The multipart text fields, as the shared schema reads them (blank means "not set"). */
export function toVoiceNoteRequest(values: VoiceNoteFormValues, durationSeconds: number): RecordVoiceNoteRequest {
  return {
    title: values.title,
    category: values.category,
    priority: values.priority,
    ...(values.clientId ? { clientId: values.clientId } : {}),
    duration: String(durationSeconds),
    tags: [...values.tags],
    isPrivate: values.isPrivate ? 'true' : 'false',
  };
}

export type VoiceNoteFormCheck =
  | { ok: true; request: RecordVoiceNoteRequest }
  | { ok: false; errors: VoiceNoteFormErrors };

/** Checked with the schema the command API uses, so the messages are the server's own. */
export function checkVoiceNoteForm(values: VoiceNoteFormValues, durationSeconds: number): VoiceNoteFormCheck {
  const request = toVoiceNoteRequest(values, durationSeconds);
  const result = recordVoiceNoteRequestSchema.safeParse(request);
  if (result.success) return { ok: true, request };
  return { ok: false, errors: issuesByField(result.error, VOICE_NOTE_FORM_FIELDS) };
}
