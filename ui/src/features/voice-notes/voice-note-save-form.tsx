import { VOICE_NOTE_CATEGORIES, VOICE_NOTE_PRIORITIES } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Field, fieldAria } from '../../shared/form-field';
import { serverFormErrors } from '../../shared/form-errors';
import { capitalize, humanize } from '../../shared/format';
import { SelectOptions } from '../../shared/select-options';
import { TextListInput } from '../../shared/text-list-input';
import { formatDuration } from './format-duration';
import { clientOptionsQueryOptions } from '../../records/clients/get-client-options';
import { useRecordVoiceNote } from './record-voice-note';
import type { Recording } from './use-voice-recorder';
import {
  checkVoiceNoteForm,
  EMPTY_VOICE_NOTE_FORM,
  VOICE_NOTE_FORM_FIELDS,
  type VoiceNoteFormErrors,
  type VoiceNoteFormField,
  type VoiceNoteFormValues,
} from './voice-note-form';

interface VoiceNoteSaveFormProps {
  recording: Recording;
  /** Throw this recording away and record again. */
  onDiscard: () => void;
  onSaved: () => void;
}

/** After recording: listen back, describe the note, and upload it with "Save Voice Note". */
export function VoiceNoteSaveForm({ recording, onDiscard, onSaved }: VoiceNoteSaveFormProps) {
  const idPrefix = useId();
  const [values, setValues] = useState<VoiceNoteFormValues>(EMPTY_VOICE_NOTE_FORM);
  const [errors, setErrors] = useState<VoiceNoteFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const save = useRecordVoiceNote();
  // One id per recording: saving it again (a double tap, a retry after no reply) records the note once.
  const [noteId] = useState(() => crypto.randomUUID());
  // Offered when the user may read clients; without them the note is simply not linked to one.
  const clients = useQuery(clientOptionsQueryOptions);

  const idOf = (field: VoiceNoteFormField) => `${idPrefix}-${field}`;
  const set = <K extends VoiceNoteFormField>(field: K, value: VoiceNoteFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusFirstError = (found: VoiceNoteFormErrors) => {
    const first = VOICE_NOTE_FORM_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkVoiceNoteForm(values, recording.durationSeconds);
    if (!check.ok) {
      setErrors(check.errors);
      focusFirstError(check.errors);
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      await save.mutateAsync({ id: noteId, recording, request: check.request });
      onSaved();
    } catch (error) {
      // The toast has been shown by the mutation; the server's reasons (413, 415, a field) go in the form.
      const { fieldErrors, formError: unplaced } = serverFormErrors(error, VOICE_NOTE_FORM_FIELDS);
      setErrors(fieldErrors);
      setFormError(unplaced);
      focusFirstError(fieldErrors);
    }
  };

  return (
    <form className="voice-note-form" noValidate onSubmit={onSubmit}>
      <div className="voice-note-preview">
        <audio controls src={recording.url} aria-label="Recorded voice note preview" data-testid="voice-note-preview" />
        <span className="muted">{formatDuration(recording.durationSeconds)}</span>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={onDiscard}
          disabled={save.isPending}
        >
          <RotateCcw size={14} aria-hidden />
          Record Again
        </button>
      </div>
      <div className="form-grid">
        <Field id={idOf('title')} label="Title" required error={errors.title} wide>
          <input
            id={idOf('title')}
            className="input"
            autoComplete="off"
            aria-required
            maxLength={200}
            value={values.title}
            {...fieldAria(idOf('title'), errors.title)}
            onChange={(event) => set('title', event.target.value)}
          />
        </Field>
        <Field id={idOf('category')} label="Category" error={errors.category}>
          <select
            id={idOf('category')}
            className="input"
            value={values.category}
            {...fieldAria(idOf('category'), errors.category)}
            onChange={(event) => set('category', event.target.value)}
          >
            <SelectOptions values={VOICE_NOTE_CATEGORIES} label={(category) => capitalize(humanize(category))} />
          </select>
        </Field>
        <Field id={idOf('priority')} label="Priority" error={errors.priority}>
          <select
            id={idOf('priority')}
            className="input"
            value={values.priority}
            {...fieldAria(idOf('priority'), errors.priority)}
            onChange={(event) => set('priority', event.target.value)}
          >
            <SelectOptions values={VOICE_NOTE_PRIORITIES} label={capitalize} />
          </select>
        </Field>
        {clients.isSuccess && clients.data.length > 0 && (
          <Field id={idOf('clientId')} label="Client" error={errors.clientId} wide>
            <select
              id={idOf('clientId')}
              className="input"
              value={values.clientId}
              {...fieldAria(idOf('clientId'), errors.clientId)}
              onChange={(event) => set('clientId', event.target.value)}
            >
              <option value="">No client</option>
              {clients.data.map((client) => (
                <option key={client.id} value={client.id}>
                  {client.firstName} {client.lastName}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field id={idOf('tags')} label="Tags" error={errors.tags} wide>
          <TextListInput
            id={idOf('tags')}
            listLabel="Added tag list"
            placeholder="e.g. medication"
            value={values.tags}
            onChange={(next) => set('tags', next)}
            describedBy={errors.tags ? `${idOf('tags')}-error` : undefined}
          />
        </Field>
        <div className="field field-checkbox field-wide">
          <input
            id={idOf('isPrivate')}
            type="checkbox"
            checked={values.isPrivate}
            aria-describedby={`${idOf('isPrivate')}-hint`}
            onChange={(event) => set('isPrivate', event.target.checked)}
          />
          <label htmlFor={idOf('isPrivate')} className="label">
            Private
          </label>
          <span id={`${idOf('isPrivate')}-hint`} className="field-hint">
            Only you, coordinators and administrators can hear it
          </span>
        </div>
      </div>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="dialog-footer">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Voice Note'}
        </button>
      </div>
    </form>
  );
}
