import {
  IMPORT_COLUMNS,
  IMPORT_EXAMPLES,
  IMPORT_LIST_LABELS,
  IMPORT_LISTS,
  IMPORT_MAX_CHARACTERS,
  toCsvLine,
  type ImportList,
  type ImportReport,
} from '@care/events';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileCheck, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { ApiError, apiSend, errorReason } from '../../shared/api';
import { FormDialog } from '../../shared/form-dialog';
import { Field } from '../../shared/form-field';

type Step =
  | { step: 'choose' }
  | { step: 'checking' }
  | { step: 'checked'; report: ImportReport }
  | { step: 'importing' }
  | { step: 'imported'; report: ImportReport }
  | { step: 'failed'; reason: string; report?: ImportReport };

/** The rows shown under a report: every refused row, then the rest up to this many (the counts cover them all). */
const SHOWN_ROWS = 200;
const OUTCOME_LABELS = { create: 'Create', skip: 'Already there (skipped)', refuse: 'Refused' } as const;

/** The template, made in the browser: the columns and one example row, with a byte order mark for Excel. */
function downloadTemplate(list: ImportList) {
  const body = `\uFEFF${toCsvLine(IMPORT_COLUMNS[list])}\r\n${toCsvLine(IMPORT_EXAMPLES[list])}\r\n`;
  const url = URL.createObjectURL(new Blob([body], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${list}-import-template.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Import Data: the button on the Data Management tab and its dialog. */
export function ImportDataButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        <Upload size={16} aria-hidden />
        Import Data
      </button>
      <FormDialog open={open} onOpenChange={setOpen} title="Import Data">
        {open && <ImportForm onDone={() => setOpen(false)} />}
      </FormDialog>
    </>
  );
}

function ImportForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [list, setList] = useState<ImportList>('carers');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [state, setState] = useState<Step>({ step: 'choose' });
  const busy = state.step === 'checking' || state.step === 'importing';

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setState({ step: dryRun ? 'checking' : 'importing' });
    try {
      const report = await apiSend<ImportReport>('POST', '/api/admin/imports', { list, csv: file.text, dryRun });
      if (!dryRun) await queryClient.invalidateQueries({ queryKey: [`/api/${list}`] });
      setState({ step: dryRun ? 'checked' : 'imported', report });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422)
        setState({
          step: 'failed',
          reason: 'A row is refused: nothing was imported. Fix the rows below and run the dry run again.',
          report: error.body as ImportReport,
        });
      else
        setState({
          step: 'failed',
          reason:
            error instanceof ApiError
              ? (error.fields.csv ?? error.fields.list ?? errorReason(error))
              : error instanceof Error
                ? errorReason(error)
                : String(error),
        });
    }
  };

  const choose = async (chosen: File | undefined) => {
    setState({ step: 'choose' });
    if (!chosen) return setFile(null);
    if (chosen.size > IMPORT_MAX_CHARACTERS * 2)
      return setState({ step: 'failed', reason: 'The file is too large for one import: split it into smaller files.' });
    setFile({ name: chosen.name, text: await chosen.text() });
  };

  const checked = state.step === 'checked' ? state.report : null;
  const canImport = checked !== null && checked.counts.refuse === 0 && checked.counts.create > 0;
  const shown =
    state.step === 'checked' || state.step === 'imported' || (state.step === 'failed' && state.report)
      ? (state as { report: ImportReport }).report
      : null;

  return (
    <div className="import-data">
      <p className="small muted dialog-summary">
        Bring carers, clients or training records in from a spreadsheet saved as CSV. Start from the template: one row
        per person or certificate. Run the dry run first: it checks every row as the form would and imports nothing.
        Rows are matched by employee ID (carers), client ID (clients) or employee ID, training and completed date
        (training records), so importing the same file again adds nothing twice.
      </p>
      <div className="form-grid">
        <Field id={`${id}-list`} label="List to import">
          <select
            id={`${id}-list`}
            className="input"
            value={list}
            disabled={busy}
            onChange={(event) => {
              setList(event.target.value as ImportList);
              setState({ step: 'choose' });
            }}
          >
            {IMPORT_LISTS.map((value) => (
              <option key={value} value={value}>
                {IMPORT_LIST_LABELS[value]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-file`} label="CSV file" hint={file ? `${file.name} chosen` : undefined}>
          <input
            id={`${id}-file`}
            className="input"
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </Field>
      </div>
      <div className="admin-actions">
        <button type="button" className="button button-secondary" onClick={() => downloadTemplate(list)}>
          <Download size={16} aria-hidden />
          Download Template
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={!file || busy}
          onClick={() => void send(true)}
        >
          <FileCheck size={16} aria-hidden />
          {state.step === 'checking' ? 'Checking...' : 'Dry Run'}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={!canImport || busy}
          onClick={() => void send(false)}
        >
          <Upload size={16} aria-hidden />
          {state.step === 'importing' ? 'Importing...' : 'Import'}
        </button>
      </div>
      {state.step === 'failed' && (
        <p className="form-error" role="alert">
          {state.reason}
        </p>
      )}
      {state.step === 'imported' && (
        <p role="status" className="strong">
          Import complete: {state.report.counts.create} created, {state.report.counts.skip} already there.
        </p>
      )}
      {shown && <ImportReportTable report={shown} />}
      {state.step === 'imported' && (
        <div className="admin-actions">
          <button type="button" className="button button-secondary" onClick={onDone}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}

function ImportReportTable({ report }: { report: ImportReport }) {
  const { counts } = report;
  const keyLabel = report.list === 'clients' ? 'Client ID' : 'Employee ID';
  const nameLabel = report.list === 'training' ? 'Training' : 'Name';
  const rows = [
    ...report.rows.filter((row) => row.outcome === 'refuse'),
    ...report.rows.filter((row) => row.outcome !== 'refuse'),
  ].slice(0, SHOWN_ROWS);
  return (
    <section aria-label={report.dryRun ? 'Dry run result' : 'Import result'}>
      <p role={report.dryRun ? 'status' : undefined} data-testid="import-summary">
        {report.dryRun ? 'Dry run: ' : ''}
        {counts.rows} {counts.rows === 1 ? 'row' : 'rows'}: {counts.create} to create, {counts.skip} already there,{' '}
        {counts.refuse} refused.
        {report.dryRun && counts.refuse === 0 && counts.create > 0 ? ' Nothing was imported yet: press Import.' : ''}
      </p>
      <div className="table-wrap">
        <table className="data-table" data-testid="import-rows">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">{keyLabel}</th>
              <th scope="col">{nameLabel}</th>
              <th scope="col">Result</th>
              <th scope="col">Errors</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row}>
                <td data-label="Row">{row.row}</td>
                <td data-label={keyLabel}>{row.key ?? ''}</td>
                <td data-label={nameLabel}>{row.name ?? ''}</td>
                <td data-label="Result">{OUTCOME_LABELS[row.outcome]}</td>
                <td data-label="Errors">{row.errors.map((error) => `${error.field}: ${error.message}`).join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {report.rows.length > rows.length && (
        <p className="small muted">
          The first {rows.length} of {report.rows.length} rows (every refused row first).
        </p>
      )}
    </section>
  );
}
