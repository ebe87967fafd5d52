import {
  createReportScheduleRequestSchema,
  REGIONS,
  REPORT_FREQUENCY_LABELS,
  REPORT_FREQUENCIES,
  type ReportFrequency,
} from '@care/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { carerFullName } from '../../records/carers/carer-name';
import { carersQueryOptions } from '../../records/carers/get-carers';
import { apiSend, ApiError } from '../../shared/api';
import { capitalize } from '../../shared/format';
import { FormDialog } from '../../shared/form-dialog';
import { toast } from '../../shared/toast';

export interface ScheduleDefaults {
  readonly region: string;
  readonly carerId: string;
}

/**
 * Schedule Report (Reports and Care Monitoring): a weekly or monthly Overview Summary or Detailed Analytics, as PDF or
 * CSV, for the agency or one region or carer. The rules process generates it on time; it is kept under Scheduled Reports.
 */
export function ScheduleReportDialog({
  open,
  onOpenChange,
  defaults,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaults: ScheduleDefaults;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Schedule Report">
      <ScheduleForm defaults={defaults} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ScheduleForm({ defaults, onDone }: { defaults: ScheduleDefaults; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const carers = useQuery(carersQueryOptions);
  const [form, setForm] = useState({
    name: '',
    report: 'overview',
    format: 'pdf',
    frequency: 'weekly' as ReportFrequency,
    region: defaults.region,
    carerId: defaults.carerId,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: unknown) => apiSend('POST', '/api/report-schedules', body),
    onSuccess: () => {
      toast({
        title: 'Report Scheduled',
        description: `${form.name.trim()} will be generated ${form.frequency === 'weekly' ? 'every Monday' : 'on the 1st of each month'} at 07:00.`,
      });
      void queryClient.invalidateQueries({ queryKey: ['/api/report-schedules'] });
      onDone();
    },
    onError: (error) =>
      setErrors(
        error instanceof ApiError
          ? { ...error.fields, form: Object.keys(error.fields).length === 0 ? error.reason : '' }
          : { form: error.message },
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createReportScheduleRequestSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const field = (name: keyof typeof form) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  return (
    <form onSubmit={submit} noValidate>
      <div className="form-grid">
        <div className="field field-wide">
          <label className="label" htmlFor={`${id}-name`}>
            Name
          </label>
          <input
            {...field('name')}
            className="input"
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
            placeholder="Weekly overview for the board"
          />
          {error('name')}
        </div>
        <div className="field">
          <label className="label" htmlFor={`${id}-report`}>
            Report
          </label>
          <select
            {...field('report')}
            className="input"
            value={form.report}
            onChange={(event) => setForm({ ...form, report: event.target.value })}
          >
            <option value="overview">Overview Summary</option>
            <option value="detailed">Detailed Analytics</option>
          </select>
        </div>
        <div className="field">
          <label className="label" htmlFor={`${id}-format`}>
            File type
          </label>
          <select
            {...field('format')}
            className="input"
            value={form.format}
            onChange={(event) => setForm({ ...form, format: event.target.value })}
          >
            <option value="pdf">PDF (with charts)</option>
            <option value="csv">CSV (spreadsheet)</option>
          </select>
        </div>
        <div className="field">
          <label className="label" htmlFor={`${id}-frequency`}>
            Frequency
          </label>
          <select
            {...field('frequency')}
            className="input"
            value={form.frequency}
            onChange={(event) =>
              setForm({
                ...form,
                frequency: REPORT_FREQUENCIES.find((value) => value === event.target.value) ?? 'weekly',
              })
            }
          >
            {REPORT_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {REPORT_FREQUENCY_LABELS[frequency]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="label" htmlFor={`${id}-region`}>
            Region
          </label>
          <select
            {...field('region')}
            className="input"
            value={form.region}
            onChange={(event) => setForm({ ...form, region: event.target.value })}
          >
            <option value="">All regions</option>
            {REGIONS.map((region) => (
              <option key={region} value={region}>
                {capitalize(region)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="label" htmlFor={`${id}-carerId`}>
            Carer
          </label>
          <select
            {...field('carerId')}
            className="input"
            value={form.carerId}
            onChange={(event) => setForm({ ...form, carerId: event.target.value })}
          >
            <option value="">All carers</option>
            {(carers.data ?? []).map((carer) => (
              <option key={carer.id} value={carer.id}>
                {carerFullName(carer)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="dialog-footer">
        <button type="button" className="button button-secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Schedule
        </button>
      </div>
    </form>
  );
}
