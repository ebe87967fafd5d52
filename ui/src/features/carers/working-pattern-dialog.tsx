import type { CarerView, WorkingPatternView } from '@care/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { ApiError, apiGet, apiSend } from '../../shared/api';
import { DateInput } from '../../shared/date-fields/date-input';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { formatDate } from '../../shared/format';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { useCommandForm } from '../../shared/use-command-form';
import { carerFullName } from '../../records/carers/carer-name';
import {
  checkWorkingPattern,
  fieldPaths,
  hoursLabel,
  NEW_PATTERN,
  patternToValues,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type WorkingPatternValues,
} from './working-pattern-form';
import './working-pattern.css';

const patternPath = (carerId: string) => `/api/carers/${encodeURIComponent(carerId)}/working-pattern`;

/** The carer's pattern, or null when none is recorded (the read answers 404 then). */
function useWorkingPattern(carerId: string) {
  return useQuery({
    queryKey: [patternPath(carerId)],
    queryFn: async () => {
      try {
        return await apiGet<WorkingPatternView>(patternPath(carerId));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** The card's "Working pattern" button and its dialog: editable for those who change carers, read-only otherwise. */
export function WorkingPatternButton({ carer, canWrite }: { carer: CarerView; canWrite: boolean }) {
  const [open, setOpen] = useState(false);
  const name = carerFullName(carer);
  return (
    <>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={`Working pattern of ${name}`}
        onClick={() => setOpen(true)}
      >
        <CalendarClock size={14} aria-hidden />
        Working pattern
      </button>
      <FormDialog open={open} onOpenChange={setOpen} title={`Working pattern: ${name}`}>
        <WorkingPatternContent carerId={carer.id} canWrite={canWrite} onDone={() => setOpen(false)} />
      </FormDialog>
    </>
  );
}

function WorkingPatternContent({
  carerId,
  canWrite,
  onDone,
}: {
  carerId: string;
  canWrite: boolean;
  onDone: () => void;
}) {
  const pattern = useWorkingPattern(carerId);
  if (pattern.isPending) return <p className="muted">Loading the working pattern…</p>;
  if (pattern.isError)
    return (
      <p className="form-error" role="alert">
        The working pattern could not be loaded.
      </p>
    );
  if (!canWrite) return <WorkingPatternSummary pattern={pattern.data} />;
  return <WorkingPatternForm carerId={carerId} pattern={pattern.data} onDone={onDone} />;
}

/** What a carer sees of their own pattern. */
function WorkingPatternSummary({ pattern }: { pattern: WorkingPatternView | null }) {
  if (pattern === null) return <p data-testid="working-pattern-summary">No working pattern is recorded yet.</p>;
  return (
    <div className="working-pattern-summary" data-testid="working-pattern-summary">
      <h3 className="working-pattern-heading">Usual hours</h3>
      <dl className="details">
        {WEEKDAYS.map((weekday) => {
          const ranges = pattern.weekly.filter((range) => range.weekday === weekday);
          return (
            <div key={weekday}>
              <dt>{WEEKDAY_NAMES[weekday]}</dt>
              <dd>{ranges.length === 0 ? 'Not working' : ranges.map((r) => `${r.start}–${r.end}`).join(', ')}</dd>
            </div>
          );
        })}
      </dl>
      {pattern.exceptions.length > 0 && (
        <>
          <h3 className="working-pattern-heading">Exceptions</h3>
          <ul className="working-pattern-exceptions">
            {pattern.exceptions.map((exception) => (
              <li key={`${exception.date}-${exception.start ?? ''}`}>
                {formatDate(exception.date)}:{' '}
                {exception.available ? `${exception.start}–${exception.end}` : 'Not available'}
                {exception.note ? ` (${exception.note})` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
      <dl className="details">
        <div>
          <dt>Contracted hours a week</dt>
          <dd>{hoursLabel(pattern.contractedHoursPerWeek)}</dd>
        </div>
        <div>
          <dt>Weekly hours limit</dt>
          <dd>{hoursLabel(pattern.weeklyHoursLimit)}</dd>
        </div>
        {pattern.optedOutOn && (
          <div>
            <dt>Opted out of the 48-hour week on</dt>
            <dd>{formatDate(pattern.optedOutOn)}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}

function WorkingPatternForm({
  carerId,
  pattern,
  onDone,
}: {
  carerId: string;
  pattern: WorkingPatternView | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (request: unknown) =>
      apiSend('PUT', patternPath(carerId), request, pattern ? { 'If-Match': pattern.revision } : undefined),
    onSuccess: async () => {
      toast({ title: 'Working pattern saved' });
      await queryClient.invalidateQueries({ queryKey: [patternPath(carerId)] });
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: 'Failed to save the working pattern', variant: 'destructive' });
    },
  });
  const initial = pattern ? patternToValues(pattern) : NEW_PATTERN;
  const [paths, setPaths] = useState(() => fieldPaths(initial));
  // Rows changed since the last submit: their messages are about what was there before, so they are hidden.
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const markChanged = (row: string) => setChanged((current) => new Set(current).add(row));
  const form = useCommandForm<WorkingPatternValues, unknown, string>({
    initial,
    fields: paths,
    check: (values) => {
      setPaths(fieldPaths(values));
      setChanged(new Set());
      return checkWorkingPattern(values);
    },
    send: (request) => save.mutateAsync(request),
    onDone,
  });
  const { values, idOf } = form;
  const errors = Object.fromEntries(
    Object.entries(form.fieldErrors).filter(([path]) => !changed.has(path.split('.').slice(0, 2).join('.'))),
  ) as Partial<Record<string, string>>;

  const setWeekly = (weekly: WorkingPatternValues['weekly']) => form.setValues({ weekly });
  const setExceptions = (exceptions: WorkingPatternValues['exceptions']) => form.setValues({ exceptions });
  const bindText = (path: string, value: string, onChange: (value: string) => void) => ({
    id: idOf(path),
    value,
    ...fieldAria(idOf(path), errors[path]),
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  });
  const error = (path: string) =>
    errors[path] ? (
      <p id={`${idOf(path)}-error`} className="field-error">
        {errors[path]}
      </p>
    ) : null;

  return (
    <form className="working-pattern-form" noValidate onSubmit={form.submit}>
      <fieldset className="working-pattern-section">
        <legend className="working-pattern-heading">Usual hours (London time)</legend>
        {WEEKDAYS.map((weekday) => {
          const day = WEEKDAY_NAMES[weekday];
          const rows = values.weekly.flatMap((range, index) => (range.weekday === weekday ? [{ range, index }] : []));
          return (
            <div key={weekday} className="working-pattern-day" role="group" aria-label={day}>
              <span className="working-pattern-day-name">{day}</span>
              <div className="working-pattern-ranges">
                {rows.length === 0 && <span className="muted small">Not working</span>}
                {rows.map(({ range, index }, position) => {
                  const change = (field: 'start' | 'end') => (value: string) => {
                    markChanged(`weekly.${index}`);
                    setWeekly(values.weekly.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
                  };
                  return (
                    <div key={index} className="working-pattern-range">
                      <label className="sr-only" htmlFor={idOf(`weekly.${index}.start`)}>
                        {`${day} from, hours ${position + 1}`}
                      </label>
                      <input
                        className="input input-compact"
                        type="time"
                        {...bindText(`weekly.${index}.start`, range.start, change('start'))}
                      />
                      <span aria-hidden>–</span>
                      <label className="sr-only" htmlFor={idOf(`weekly.${index}.end`)}>
                        {`${day} to, hours ${position + 1}`}
                      </label>
                      <input
                        className="input input-compact"
                        type="time"
                        {...bindText(`weekly.${index}.end`, range.end, change('end'))}
                      />
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Remove ${day} hours ${position + 1}`}
                        onClick={() => setWeekly(values.weekly.filter((_, at) => at !== index))}
                      >
                        <X size={16} aria-hidden />
                      </button>
                      {error(`weekly.${index}.start`)}
                      {error(`weekly.${index}.end`)}
                    </div>
                  );
                })}
              </div>
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={`Add hours on ${day}`}
                onClick={() => setWeekly([...values.weekly, { weekday, start: '09:00', end: '17:00' }])}
              >
                <Plus size={14} aria-hidden />
                Add hours
              </button>
            </div>
          );
        })}
        {error('weekly')}
      </fieldset>

      <fieldset className="working-pattern-section">
        <legend className="working-pattern-heading">Exceptions</legend>
        {values.exceptions.length === 0 && <p className="muted small">No dated exceptions.</p>}
        {values.exceptions.map((exception, index) => {
          const change = (field: keyof typeof exception) => (value: string) => {
            markChanged(`exceptions.${index}`);
            setExceptions(values.exceptions.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
          };
          const number = index + 1;
          return (
            <div key={index} className="working-pattern-exception" role="group" aria-label={`Exception ${number}`}>
              <Field id={idOf(`exceptions.${index}.date`)} label="Date" error={errors[`exceptions.${index}.date`]}>
                <DateInput
                  className="input"
                  {...bindText(`exceptions.${index}.date`, exception.date, change('date'))}
                />
              </Field>
              <Field
                id={idOf(`exceptions.${index}.available`)}
                label="Availability"
                error={errors[`exceptions.${index}.available`]}
              >
                <select
                  className="input"
                  {...bindText(`exceptions.${index}.available`, exception.available, change('available'))}
                >
                  <option value="unavailable">Not available</option>
                  <option value="available">Available at other hours</option>
                </select>
              </Field>
              {exception.available === 'available' && (
                <>
                  <Field
                    id={idOf(`exceptions.${index}.start`)}
                    label="From"
                    error={errors[`exceptions.${index}.start`]}
                  >
                    <input
                      className="input"
                      type="time"
                      {...bindText(`exceptions.${index}.start`, exception.start, change('start'))}
                    />
                  </Field>
                  <Field id={idOf(`exceptions.${index}.end`)} label="To" error={errors[`exceptions.${index}.end`]}>
                    <input
                      className="input"
                      type="time"
                      {...bindText(`exceptions.${index}.end`, exception.end, change('end'))}
                    />
                  </Field>
                </>
              )}
              <Field id={idOf(`exceptions.${index}.note`)} label="Note" error={errors[`exceptions.${index}.note`]}>
                <input
                  className="input"
                  autoComplete="off"
                  {...bindText(`exceptions.${index}.note`, exception.note, change('note'))}
                />
              </Field>
              <button
                type="button"
                className="button button-danger-outline button-small"
                aria-label={`Remove exception ${number}`}
                onClick={() => setExceptions(values.exceptions.filter((_, at) => at !== index))}
              >
                Remove
              </button>
            </div>
          );
        })}
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() =>
            setExceptions([...values.exceptions, { date: '', available: 'unavailable', start: '', end: '', note: '' }])
          }
        >
          <Plus size={14} aria-hidden />
          Add exception
        </button>
        {error('exceptions')}
      </fieldset>

      <div className="form-grid">
        <Field
          id={idOf('contractedHoursPerWeek')}
          label="Contracted hours a week"
          error={errors.contractedHoursPerWeek}
        >
          <input
            className="input"
            inputMode="decimal"
            autoComplete="off"
            {...bindText('contractedHoursPerWeek', values.contractedHoursPerWeek, (value) =>
              form.setField('contractedHoursPerWeek', value),
            )}
          />
        </Field>
        <Field
          id={idOf('weeklyHoursLimit')}
          label="Weekly hours limit"
          required
          error={errors.weeklyHoursLimit}
          hint="48 unless the carer opted out of the 48-hour week (at most 78)"
        >
          <input
            className="input"
            inputMode="decimal"
            autoComplete="off"
            aria-required
            {...bindText('weeklyHoursLimit', values.weeklyHoursLimit, (value) =>
              form.setField('weeklyHoursLimit', value),
            )}
            {...fieldAria(idOf('weeklyHoursLimit'), errors.weeklyHoursLimit, true)}
          />
        </Field>
        <Field id={idOf('optedOutOn')} label="Opted out of the 48-hour week on" error={errors.optedOutOn}>
          <DateInput
            className="input"
            {...bindText('optedOutOn', values.optedOutOn, (value) => form.setField('optedOutOn', value))}
          />
        </Field>
      </div>

      <DialogFormFooter formError={form.formError} submitLabel="Save pattern" disabled={form.pending} />
    </form>
  );
}
