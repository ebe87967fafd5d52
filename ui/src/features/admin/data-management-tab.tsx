import { EXPORT_LISTS } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { apiSend, errorReason } from '../../shared/api';
import { formatDateTime } from '../../shared/format';
import { automatedJobsQuery } from './get-system-status';
import { ImportDataButton } from './import-data-dialog';
import { RetentionReviewCard } from './retention-review-card';
import { DestructionCard } from './destruction-card';
import { saveBlob } from '../../shared/download-file';

type ExportState =
  | { step: 'idle' }
  | { step: 'running'; bytes: number }
  | { step: 'done'; bytes: number }
  | { step: 'failed'; reason: string };

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The Admin Panel's Data Management tab: Export Data (the whole event log and a CSV per list in one zip, the
 * export recorded first as an event) with its progress, and the automated features with their last runs.
 */
export function DataManagementTab() {
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const jobs = useQuery(automatedJobsQuery);

  const exportData = async () => {
    setState({ step: 'running', bytes: 0 });
    try {
      const { id } = await apiSend<{ id: string }>('POST', '/api/admin/exports', {
        eventLog: true,
        lists: EXPORT_LISTS,
      });
      const response = await fetch(`/api/admin/exports/${encodeURIComponent(id)}/archive`, {
        credentials: 'same-origin',
      });
      if (!response.ok || !response.body) throw new Error(`The archive could not be made (${response.status})`);
      const reader = response.body.getReader();
      const parts: Uint8Array<ArrayBuffer>[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        bytes += value.byteLength;
        setState({ step: 'running', bytes });
      }
      saveBlob(
        new Blob(parts, { type: 'application/zip' }),
        `care-platform-export-${new Date().toISOString().slice(0, 10)}.zip`,
      );
      setState({ step: 'done', bytes });
    } catch (error) {
      setState({ step: 'failed', reason: error instanceof Error ? errorReason(error) : String(error) });
    }
  };

  return (
    <div className="admin-settings">
      <section className="card admin-card" aria-labelledby="export-title">
        <h2 id="export-title" className="card-title">
          Export Data
        </h2>
        <p className="muted small">
          One zip file: the whole event log (events.ndjson, every change with who and when) and a spreadsheet (CSV) per
          list: carers, clients, training, diary, visits, shifts, users, alerts, tasks and feedback. The export is
          recorded with your name.
        </p>
        <div className="admin-actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => void exportData()}
            disabled={state.step === 'running'}
          >
            <Download size={16} aria-hidden />
            Export Data
          </button>
        </div>
        {state.step === 'running' && (
          <div role="status" className="admin-actions">
            <progress className="progress-bar" aria-label="Export progress" />
            <span className="small">{megabytes(state.bytes)} received</span>
          </div>
        )}
        {state.step === 'done' && <p role="status">Export complete: {megabytes(state.bytes)} downloaded.</p>}
        {state.step === 'failed' && (
          <p className="form-error" role="alert">
            Export failed: {state.reason}
          </p>
        )}
      </section>
      <section className="card admin-card" aria-labelledby="import-title">
        <h2 id="import-title" className="card-title">
          Import Data
        </h2>
        <p className="muted small">
          Carers, clients and training records from a spreadsheet (CSV), with a template to start from and a dry run
          first. Each import is recorded with your name.
        </p>
        <div className="admin-actions">
          <ImportDataButton />
        </div>
      </section>
      <section className="card admin-card" aria-labelledby="automated-title">
        <h2 id="automated-title" className="card-title">
          Automated features
        </h2>
        {jobs.isError && <p role="alert">The automated features could not be loaded.</p>}
        {jobs.data && (
          <ul className="settings-history" data-testid="automated-features">
            {jobs.data.map((job) => (
              <li key={job.name}>
                <p>
                  <strong>{job.label}</strong>
                  {' · '}
                  {job.lastRunAt
                    ? `last run ${formatDateTime(job.lastRunAt)}${job.outcome === 'failed' ? ' (failed)' : ''}`
                    : 'not run yet'}
                </p>
                <p className="muted small">
                  {job.description}
                  {job.detail ? ` Last: ${job.detail}.` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <RetentionReviewCard />
      <DestructionCard />
    </div>
  );
}
