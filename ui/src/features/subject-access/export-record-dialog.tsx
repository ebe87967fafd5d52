import { can, SUBJECT_REFERENCE_MAX, subjectAccessRequestSchema, type SubjectKind } from '@care/events';
import { Download, FileArchive } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { apiSend } from '../../shared/api';
import { useCurrentUser } from '../../shared/current-user';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { serverFormErrors } from '../../shared/form-errors';
import './subject-access.css';

interface ExportRecordProps {
  readonly subjectKind: SubjectKind;
  readonly subjectId: string;
  /** The person's name, in the button's accessible name and the dialog's title. */
  readonly name: string;
}

/**
 * "Export their record" on a client's or carer's card (administrators only): a subject access request. The dialog
 * records the request first (who, about whom, the reference), then offers the JSON and the PDF as downloads; the
 * read API serves them only to the administrator who recorded it, for 10 minutes.
 */
export function ExportRecordButton({ subjectKind, subjectId, name }: ExportRecordProps) {
  const [open, setOpen] = useState(false);
  if (!can(useCurrentUser().role, 'subjectAccess.export')) return null;
  return (
    <>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={`Export their record: ${name}`}
        onClick={() => setOpen(true)}
      >
        <FileArchive size={14} aria-hidden />
        Export their record
      </button>
      <FormDialog open={open} onOpenChange={setOpen} title={`Export the record of ${name}`} size="small">
        {open && <ExportRecordForm subjectKind={subjectKind} subjectId={subjectId} name={name} />}
      </FormDialog>
    </>
  );
}

function ExportRecordForm({ subjectKind, subjectId, name }: ExportRecordProps) {
  const id = `${useId()}-reference`;
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [exportId, setExportId] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { subjectKind, subjectId, reference };
    const check = subjectAccessRequestSchema.safeParse(body);
    if (!check.success) {
      setError(check.error.issues[0]?.message);
      document.getElementById(id)?.focus();
      return;
    }
    setError(undefined);
    setFormError(undefined);
    setBusy(true);
    try {
      setExportId((await apiSend<{ id: string }>('POST', '/api/admin/subject-access', body)).id);
    } catch (failure) {
      const found = serverFormErrors(failure, ['reference'] as const);
      setError(found.fieldErrors.reference);
      setFormError(found.formError);
    } finally {
      setBusy(false);
    }
  };

  if (exportId) {
    const base = `/api/admin/subject-access/${encodeURIComponent(exportId)}/export`;
    return (
      <div className="subject-access-ready">
        <p role="status">
          The request is recorded. Download the copy within 10 minutes, then review it before sending: remove what is
          about other people.
        </p>
        <div className="dialog-footer">
          <a className="button button-secondary" href={`${base}.json`} download>
            <Download size={16} aria-hidden />
            Download JSON
          </a>
          <a className="button button-primary" href={`${base}.pdf`} download>
            <Download size={16} aria-hidden />
            Download PDF
          </a>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="small muted dialog-summary">
        A copy of every record about {name}, for their subject access request. Taking it is recorded with your name and
        shows in the audit of who viewed their records.
      </p>
      <Field id={id} label="Request's reference" hint="For example the date the request was received">
        <input
          id={id}
          className="input"
          maxLength={SUBJECT_REFERENCE_MAX}
          value={reference}
          {...fieldAria(id, error, true)}
          onChange={(event) => {
            setReference(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <DialogFormFooter
        formError={formError}
        submitLabel={busy ? 'Recording...' : 'Record the request'}
        disabled={busy}
      />
    </form>
  );
}
