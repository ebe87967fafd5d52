import {
  REPORT_GROUPING_LABELS,
  REPORT_GROUPINGS,
  REPORT_MEASURE_LABELS,
  REPORT_MEASURES,
  REPORT_RANGE_LABELS,
  REPORT_RANGES,
  type ReportFormat,
  type ReportGrouping,
  type ReportMeasure,
} from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { DateInput, isIsoDate } from '../../shared/date-fields/date-input';
import { FormDialog } from '../../shared/form-dialog';
import { filtersComplete, isReportRange, reportQueryString, type ReportFilters } from './report-params';

const DEFAULT_MEASURES: readonly ReportMeasure[] = ['appointments', 'completed', 'completionRate', 'punctualityRate'];

/** Custom Report: the measures, the grouping and the range, then the download (the screen's region and carer apply). */
export function CustomReportDialog({
  open,
  onOpenChange,
  filters,
  format,
  onExport,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: ReportFilters;
  format: ReportFormat;
  onExport: (url: string) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Custom Report">
      <CustomReportForm
        filters={filters}
        format={format}
        onCancel={() => onOpenChange(false)}
        onExport={(url) => (onExport(url), onOpenChange(false))}
      />
    </FormDialog>
  );
}

function CustomReportForm({
  filters,
  format,
  onCancel,
  onExport,
}: {
  filters: ReportFilters;
  format: ReportFormat;
  onCancel: () => void;
  onExport: (url: string) => void;
}) {
  const id = useId();
  const [range, setRange] = useState<ReportFilters>(filters);
  const [measures, setMeasures] = useState<readonly ReportMeasure[]>(DEFAULT_MEASURES);
  const [groupBy, setGroupBy] = useState<ReportGrouping>('week');
  const [error, setError] = useState('');
  const narrowed = filters.region !== '' || filters.carerId !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (measures.length === 0) return setError('Choose at least one measure');
    if (!filtersComplete(range)) return setError('Choose both days of the custom range');
    if (groupBy === 'client' && narrowed)
      return setError('Grouping by client covers every carer: clear the region and carer filters');
    const ordered = REPORT_MEASURES.filter((measure) => measures.includes(measure));
    onExport(
      `/api/reports/export.${format}?report=custom&${reportQueryString(range)}&measures=${ordered.join(',')}&groupBy=${groupBy}`,
    );
  };
  const toggle = (measure: ReportMeasure, on: boolean) =>
    setMeasures((current) => (on ? [...current, measure] : current.filter((item) => item !== measure)));

  return (
    <form onSubmit={submit} noValidate className="custom-report-form">
      <fieldset className="custom-report-measures">
        <legend className="label">Measures</legend>
        {REPORT_MEASURES.map((measure) => (
          <label key={measure} className="field-checkbox">
            <input
              type="checkbox"
              checked={measures.includes(measure)}
              onChange={(event) => toggle(measure, event.target.checked)}
            />
            {REPORT_MEASURE_LABELS[measure]}
          </label>
        ))}
      </fieldset>
      <div className="form-grid">
        <div className="field">
          <label className="label" htmlFor={`${id}-group`}>
            Group by
          </label>
          <select
            id={`${id}-group`}
            className="input"
            value={groupBy}
            onChange={(event) =>
              setGroupBy(REPORT_GROUPINGS.find((grouping) => grouping === event.target.value) ?? 'week')
            }
          >
            {REPORT_GROUPINGS.map((grouping) => (
              <option key={grouping} value={grouping}>
                {REPORT_GROUPING_LABELS[grouping]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="label" htmlFor={`${id}-range`}>
            Date range
          </label>
          <select
            id={`${id}-range`}
            className="input"
            value={range.range}
            onChange={(event) => isReportRange(event.target.value) && setRange({ ...range, range: event.target.value })}
          >
            {REPORT_RANGES.map((option) => (
              <option key={option} value={option}>
                {REPORT_RANGE_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        {range.range === 'custom' && (
          <>
            <div className="field">
              <label className="label" htmlFor={`${id}-from`}>
                From
              </label>
              <DateInput
                id={`${id}-from`}
                value={range.from}
                onChange={(event) =>
                  (event.target.value === '' || isIsoDate(event.target.value)) &&
                  setRange({ ...range, from: event.target.value })
                }
              />
            </div>
            <div className="field">
              <label className="label" htmlFor={`${id}-to`}>
                To
              </label>
              <DateInput
                id={`${id}-to`}
                value={range.to}
                onChange={(event) =>
                  (event.target.value === '' || isIsoDate(event.target.value)) &&
                  setRange({ ...range, to: event.target.value })
                }
              />
            </div>
          </>
        )}
      </div>
      <p className="muted small">
        Region and carer follow the filters on the screen. The file is{' '}
        {format === 'pdf' ? 'a PDF with a chart of the first measure' : 'a CSV'}.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-footer">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary">
          Export
        </button>
      </div>
    </form>
  );
}
