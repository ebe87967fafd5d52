import { DIARY_ENTRY_TYPES, DIARY_PRIORITIES, type DiaryEntryView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { Field, fieldAria } from '../../shared/form-field';
import { SelectOptions } from '../../shared/select-options';
import { TextListInput } from '../../shared/text-list-input';
import { useAmendDiaryEntry } from './amend-diary-entry';
import { useCreateDiaryEntry } from './create-diary-entry';
import { carerName, clientName } from '../../records/diary/diary-names';
import { enumLabel } from '../../shared/format';
import {
  checkAmendment,
  checkNewEntry,
  DIARY_FORM_FIELDS,
  entryToFormValues,
  newDiaryFormValues,
  type DiaryFormField,
  type DiaryFormValues,
} from './diary-form';
import { diaryCarersQueryOptions, diaryClientsQueryOptions } from './get-diary-people';
import { FormDialog } from '../../shared/form-dialog';
import { DateTimeInput } from '../../shared/date-fields/date-input';
import { useCommandForm } from '../../shared/use-command-form';

interface DiaryEntryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The entry being amended; absent for "Add Entry". */
  entry?: DiaryEntryView | undefined;
}

export function DiaryEntryDialog({ open, onOpenChange, entry }: DiaryEntryDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={entry ? 'Amend Diary Entry' : 'Add Diary Entry'}>
      {/* Mounted per opening, so the form starts from the entry (or now) every time. */}
      {open && <DiaryEntryForm key={entry?.id ?? 'new'} entry={entry} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function DiaryEntryForm({ entry, onDone }: { entry: DiaryEntryView | undefined; onDone: () => void }) {
  const carers = useQuery({ ...diaryCarersQueryOptions, enabled: !entry });
  const clients = useQuery({ ...diaryClientsQueryOptions, enabled: !entry });
  const create = useCreateDiaryEntry();
  const amend = useAmendDiaryEntry();

  // A carer sees only their own record: it is the only choice, so it is chosen for them.
  const onlyCarer = carers.data?.length === 1 ? carers.data[0] : undefined;

  // The request the form makes (checked with the server's own schema): an amendment, or a new entry.
  const form = useCommandForm<DiaryFormValues, () => Promise<unknown>, DiaryFormField>({
    initial: () => (entry ? entryToFormValues(entry) : newDiaryFormValues(new Date())),
    fields: DIARY_FORM_FIELDS,
    check: (values) => {
      if (entry) {
        const check = checkAmendment(entry, values);
        return check.ok
          ? {
              ok: true,
              request: () => amend.mutateAsync({ id: entry.id, revision: entry.revision, request: check.request }),
            }
          : check;
      }
      const check = checkNewEntry({ ...values, carerId: values.carerId || onlyCarer?.id || '' });
      return check.ok ? { ok: true, request: () => create.mutateAsync(check.request) } : check;
    },
    send: (request) => request(),
    onDone,
  });
  const { values, fieldErrors: errors, idOf } = form;
  const set = form.setField;
  const carerId = values.carerId || onlyCarer?.id || '';

  const bind = (
    field: 'carerId' | 'clientId' | 'entryType' | 'priority' | 'entryDate' | 'title' | 'content' | 'reason',
  ) => ({
    id: idOf(field),
    name: field,
    value: field === 'carerId' ? carerId : values[field],
    ...fieldAria(idOf(field), errors[field]),
    onChange: (event: { target: { value: string } }) => set(field, event.target.value as DiaryFormValues[typeof field]),
  });

  return (
    <form className="diary-form" noValidate onSubmit={form.submit}>
      <div className="form-grid">
        {entry ? (
          <p className="field-wide small muted">
            {clientName(entry)} · {carerName(entry)}. The current version is kept in the entry&apos;s history.
          </p>
        ) : (
          <>
            <Field id={idOf('carerId')} label="Carer" required error={errors.carerId}>
              <select className="input" aria-required {...bind('carerId')}>
                <option value="">{carers.isPending ? 'Loading carers...' : 'Select carer'}</option>
                {carers.data?.map((carer) => (
                  <option key={carer.id} value={carer.id}>
                    {`${carer.user.firstName} ${carer.user.lastName}`}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={idOf('clientId')} label="Client" required error={errors.clientId}>
              <select className="input" aria-required {...bind('clientId')}>
                <option value="">{clients.isPending ? 'Loading clients...' : 'Select client'}</option>
                {clients.data?.map((client) => (
                  <option key={client.id} value={client.id}>
                    {`${client.firstName} ${client.lastName} (${client.clientId})`}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
        <Field id={idOf('entryType')} label="Entry type" error={errors.entryType}>
          <select className="input" {...bind('entryType')}>
            <SelectOptions values={DIARY_ENTRY_TYPES} label={enumLabel} />
          </select>
        </Field>
        <Field id={idOf('priority')} label="Priority" error={errors.priority}>
          <select className="input" {...bind('priority')}>
            <SelectOptions values={DIARY_PRIORITIES} label={enumLabel} />
          </select>
        </Field>
        <Field id={idOf('entryDate')} label="Entry date and time" required error={errors.entryDate} hint="UK time">
          <DateTimeInput
            className="input"
            aria-required
            {...bind('entryDate')}
            {...fieldAria(idOf('entryDate'), errors.entryDate, true)}
          />
        </Field>
        <Field id={idOf('title')} label="Title" required error={errors.title}>
          <input className="input" autoComplete="off" maxLength={200} aria-required {...bind('title')} />
        </Field>
        <Field id={idOf('content')} label="Content" required error={errors.content} wide>
          <textarea className="input" rows={6} aria-required {...bind('content')} />
        </Field>
        <Field id={idOf('tags')} label="Tags" error={errors.tags} wide>
          <TextListInput
            id={idOf('tags')}
            listLabel="Added tag list"
            placeholder="e.g. breakfast"
            value={values.tags}
            onChange={(next) => set('tags', next)}
            describedBy={errors.tags ? `${idOf('tags')}-error` : undefined}
          />
        </Field>
        <div className="field field-checkbox field-wide">
          <input
            id={idOf('isConfidential')}
            type="checkbox"
            checked={values.isConfidential}
            onChange={(event) => set('isConfidential', event.target.checked)}
          />
          <label htmlFor={idOf('isConfidential')} className="label">
            Confidential
          </label>
          <span className="small muted">Only administrators, coordinators and the author can read it.</span>
        </div>
        {entry && (
          <Field id={idOf('reason')} label="Reason for the amendment" error={errors.reason} wide>
            <input className="input" autoComplete="off" maxLength={500} {...bind('reason')} />
          </Field>
        )}
      </div>
      <DialogFormFooter
        formError={form.formError}
        submitLabel={entry ? 'Save Amendment' : 'Save Entry'}
        disabled={form.pending}
      />
    </form>
  );
}
