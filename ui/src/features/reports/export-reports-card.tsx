import { REPORT_FORMATS, type ReportFormat, type ReportKind } from '@care/events';
import { Download, FileBarChart, FileText, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { CustomReportDialog } from './custom-report-dialog';
import { useExportReport } from './export-report';
import { filtersComplete, reportQueryString, type ReportFilters } from './report-params';

export const exportUrl = (format: ReportFormat, kind: ReportKind, query: string) =>
  `/api/reports/export.${format}?report=${kind}&${query}`;

/** Export Reports, on the Overview tab: Overview Summary, Detailed Analytics and Custom Report, as PDF or CSV. */
export function ExportReportsCard({ filters }: { filters: ReportFilters }) {
  const id = useId();
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [customOpen, setCustomOpen] = useState(false);
  const exporter = useExportReport();
  const ready = filtersComplete(filters) && !exporter.isPending;
  const run = (kind: ReportKind) =>
    exporter.mutate({ kind, format, url: exportUrl(format, kind, reportQueryString(filters)) });
  return (
    <section className="card report-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        Export Reports
      </h2>
      <fieldset className="report-format">
        <legend className="label">File type</legend>
        {REPORT_FORMATS.map((option) => (
          <label key={option} className="report-format-option">
            <input
              type="radio"
              name={`${id}-format`}
              value={option}
              checked={format === option}
              onChange={() => setFormat(option)}
            />
            {option === 'pdf' ? 'PDF (with charts)' : 'CSV (spreadsheet)'}
          </label>
        ))}
      </fieldset>
      <div className="report-exports">
        <button type="button" className="button button-secondary" disabled={!ready} onClick={() => run('overview')}>
          <FileText size={16} aria-hidden />
          Overview Summary
        </button>
        <button type="button" className="button button-secondary" disabled={!ready} onClick={() => run('detailed')}>
          <FileBarChart size={16} aria-hidden />
          Detailed Analytics
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={exporter.isPending}
          onClick={() => setCustomOpen(true)}
        >
          <SlidersHorizontal size={16} aria-hidden />
          Custom Report
        </button>
      </div>
      <p className="muted small">
        <Download size={12} aria-hidden /> Exactly what the filters above show.
      </p>
      <CustomReportDialog
        open={customOpen}
        onOpenChange={setCustomOpen}
        filters={filters}
        format={format}
        onExport={(url) => exporter.mutate({ kind: 'custom', format, url })}
      />
    </section>
  );
}
