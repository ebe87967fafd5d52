import type { ProjectionStatusView } from '@care/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { apiSend, errorReason } from '../../shared/api';
import { enumLabel, formatDateTime } from '../../shared/format';
import { projectionStatusQueryOptions } from './get-projection-status';

const number = new Intl.NumberFormat('en-GB');

function stateLabel(row: ProjectionStatusView): string {
  if (row.state === 'stalled') return 'Stalled';
  if (row.state === 'rebuilding') return row.rebuild?.percent === null || row.rebuild?.percent === undefined ? 'Rebuilding' : `Rebuilding (${row.rebuild.percent}%)`;
  return 'Live';
}

function lagLabel(row: ProjectionStatusView): string {
  if (row.lagEvents === null) return 'Not measured yet';
  if (row.lagEvents === 0) return 'Up to date';
  return `${number.format(row.lagEvents)} events, ${number.format(Math.round(row.lagSeconds ?? 0))} s`;
}

/**
 * Spec part 2 "System Status". The read models' health comes first (DESIGN.md decision 11): each projection's
 * version, state, checkpoint and lag, and for a stalled one the failing event with a way to skip it, with a reason.
 */
export function SystemStatusTab() {
  const status = useQuery(projectionStatusQueryOptions);
  return (
    <section className="card admin-card" aria-labelledby="projection-status-title">
      <div className="admin-card-header">
        <div>
          <h2 id="projection-status-title" className="card-title">
            Read models
          </h2>
          <p className="muted small">Each list and report is a projection of the event log, with its own checkpoint.</p>
        </div>
        <button type="button" className="button button-secondary button-small" onClick={() => void status.refetch()} disabled={status.isFetching}>
          <RefreshCw size={14} aria-hidden className={status.isFetching ? 'spin' : undefined} />
          Refresh Status
        </button>
      </div>
      {status.isPending ? (
        <p className="muted" role="status">
          Loading status...
        </p>
      ) : status.isError ? (
        <p className="form-error" role="alert">
          Could not load the status: {errorReason(status.error)}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="data-table" data-testid="projection-status-table">
            <caption className="sr-only">Projections and their health</caption>
            <thead>
              <tr>
                <th scope="col">Projection</th>
                <th scope="col">Version</th>
                <th scope="col">State</th>
                <th scope="col">Behind the log</th>
                <th scope="col">Checkpoint</th>
              </tr>
            </thead>
            <tbody>
              {status.data.map((row) => (
                <ProjectionRow key={row.name} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ProjectionRow({ row }: { row: ProjectionStatusView }) {
  return (
    <>
      <tr data-testid="projection-status-row" className={row.state === 'stalled' ? 'row-warning' : undefined}>
        <th scope="row" data-label="Projection">
          {enumLabel(row.name)}
        </th>
        <td data-label="Version">{row.servedVersion === row.version ? row.version : `${row.servedVersion} → ${row.version}`}</td>
        <td data-label="State">{stateLabel(row)}</td>
        <td data-label="Behind the log">{lagLabel(row)}</td>
        <td data-label="Checkpoint">
          <code>{row.checkpoint}</code>
        </td>
      </tr>
      {row.stalled && (
        <tr>
          <td colSpan={5}>
            <StalledDetail name={row.name} stalled={row.stalled} />
          </td>
        </tr>
      )}
    </>
  );
}

function StalledDetail({ name, stalled }: { name: string; stalled: NonNullable<ProjectionStatusView['stalled']> }) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const skip = useMutation({
    mutationFn: () => apiSend('POST', `/api/status/projections/${encodeURIComponent(name)}/skip`, { eventId: stalled.eventId, reason }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: projectionStatusQueryOptions.queryKey }),
  });
  return (
    <div className="stalled-detail" role="group" aria-label={`${enumLabel(name)} stalled`}>
      <p className="small">
        Stopped at {stalled.type} <code>{stalled.eventId}</code> since {formatDateTime(stalled.at)}: {stalled.error}
      </p>
      <form
        className="stalled-skip-form"
        onSubmit={(event) => {
          event.preventDefault();
          skip.mutate();
        }}
      >
        <label htmlFor={reasonId}>Reason for skipping this event</label>
        <input id={reasonId} className="input" value={reason} onChange={(event) => setReason(event.target.value)} required maxLength={1000} />
        <button type="submit" className="button button-danger-outline button-small" disabled={skip.isPending || reason.trim() === ''}>
          Skip this event
        </button>
      </form>
      {skip.isError && (
        <p className="form-error" role="alert">
          Could not skip the event: {errorReason(skip.error)}
        </p>
      )}
      {skip.isSuccess && <p role="status">Skip recorded; the projection resumes after the event.</p>}
    </div>
  );
}
