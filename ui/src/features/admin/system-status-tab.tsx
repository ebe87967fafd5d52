import type { ProjectionStatusView, SystemStatusView } from '@care/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { apiSend, errorReason } from '../../shared/api';
import { enumLabel, formatDateTime } from '../../shared/format';
import { projectionStatusQueryOptions } from './get-projection-status';
import { systemStatusQuery } from './get-system-status';
import { MailCard } from './mail-card';

const number = new Intl.NumberFormat('en-GB');

function stateLabel(row: ProjectionStatusView): string {
  if (row.state === 'stalled') return 'Stalled';
  if (row.state === 'rebuilding')
    return row.rebuild?.percent === null || row.rebuild?.percent === undefined
      ? 'Rebuilding'
      : `Rebuilding (${row.rebuild.percent}%)`;
  return 'Live';
}

function lagLabel(row: ProjectionStatusView): string {
  if (row.lagEvents === null) return 'Not measured yet';
  if (row.lagEvents === 0) return 'Up to date';
  return `${number.format(row.lagEvents)} events, ${number.format(Math.round(row.lagSeconds ?? 0))} s`;
}

const SERVICE_LABELS: Record<string, string> = {
  'command-api': 'Command API',
  'read-api': 'Read API',
  projector: 'Projector',
  rules: 'Rules process',
  'ui-server': 'UI server',
};
const serviceLabel = (service: string) => SERVICE_LABELS[service] ?? service;

function duration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return minutes > 0 ? `${minutes} min` : `${seconds} s`;
}

function bytes(value: number): string {
  if (value >= 1024 ** 3) return `${(value / 1024 ** 3).toFixed(1)} GB`;
  if (value >= 1024 ** 2) return `${(value / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.round(value / 1024)} kB`;
}

const LOG_RANGES = [
  { value: '1', label: 'Last hour' },
  { value: '24', label: 'Last 24 hours' },
  { value: '168', label: 'Last 7 days' },
] as const;

/**
 * The Admin Panel's System Status, with live figures: each service process (heartbeat, version, uptime), request
 * latency per service, the event store and the database, Download Logs, and the read models' health (each
 * projection's version, state, checkpoint and lag, a stalled one's failing event and its skip:
 * docs/decisions/0013-projections-look-after-themselves.md).
 */
export function SystemStatusTab() {
  const system = useQuery(systemStatusQuery);
  const projections = useQuery(projectionStatusQueryOptions);
  const [hours, setHours] = useState('24');
  const fetching = system.isFetching || projections.isFetching;
  const logsHref = `/api/status/logs?from=${encodeURIComponent(new Date(Date.now() - Number(hours) * 3600_000).toISOString())}`;
  return (
    <div className="admin-settings">
      <div className="admin-card-header">
        <p className="muted small" role="status">
          {system.data
            ? `Measured at ${formatDateTime(system.data.measuredAt)}; refreshed every 5 seconds.`
            : 'Measuring…'}
        </p>
        <div className="admin-actions">
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void Promise.all([system.refetch(), projections.refetch()])}
            disabled={fetching}
          >
            <RefreshCw size={14} aria-hidden className={fetching ? 'spin' : undefined} />
            Refresh Status
          </button>
        </div>
      </div>
      {system.isError && (
        <p className="form-error" role="alert">
          Could not load the status: {errorReason(system.error)}
        </p>
      )}
      {system.data && <SystemFigures status={system.data} />}
      <section className="card admin-card" aria-labelledby="logs-title">
        <h2 id="logs-title" className="card-title">
          Logs
        </h2>
        <p className="muted small">Every service's structured log lines in one file (JSON, one entry per line).</p>
        <div className="admin-actions">
          <label className="label" htmlFor="logs-range">
            Range
          </label>
          <select
            id="logs-range"
            className="input input-auto"
            value={hours}
            onChange={(event) => setHours(event.target.value)}
          >
            {LOG_RANGES.map((range) => (
              <option key={range.value} value={range.value}>
                {range.label}
              </option>
            ))}
          </select>
          <a className="button button-secondary button-small" href={logsHref} download>
            <Download size={14} aria-hidden />
            Download Logs
          </a>
        </div>
      </section>
      <MailCard />
      <ReadModels status={projections} />
    </div>
  );
}

function SystemFigures({ status }: { status: SystemStatusView }) {
  const number = new Intl.NumberFormat('en-GB');
  return (
    <>
      <section className="card admin-card" aria-labelledby="services-title">
        <h2 id="services-title" className="card-title">
          Services
        </h2>
        {status.services.length === 0 ? (
          <p className="muted">No service has reported yet.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table" data-testid="service-status-table">
              <caption className="sr-only">Service processes, their state and heartbeat</caption>
              <thead>
                <tr>
                  <th scope="col">Service</th>
                  <th scope="col">State</th>
                  <th scope="col">Version</th>
                  <th scope="col">Uptime</th>
                  <th scope="col">Last heartbeat</th>
                  <th scope="col">Process</th>
                </tr>
              </thead>
              <tbody>
                {status.services.map((instance) => (
                  <tr
                    key={instance.instanceId}
                    data-testid="service-status-row"
                    data-service={instance.service}
                    data-pid={instance.pid}
                  >
                    <th scope="row" data-label="Service">
                      {serviceLabel(instance.service)}
                    </th>
                    <td data-label="State">
                      <span className={instance.state === 'up' ? 'status-up' : 'status-down'}>
                        {instance.state === 'up' ? 'Up' : instance.state === 'down' ? 'Down' : 'Stopped'}
                      </span>
                    </td>
                    <td data-label="Version">{instance.version}</td>
                    <td data-label="Uptime">
                      {instance.uptimeSeconds === null ? '—' : duration(instance.uptimeSeconds)}
                    </td>
                    <td data-label="Last heartbeat">{formatDateTime(instance.lastBeatAt)}</td>
                    <td data-label="Process">
                      {instance.host} · {instance.pid}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="card admin-card" aria-labelledby="store-title">
        <h2 id="store-title" className="card-title">
          Event store and database
        </h2>
        <p className="muted small" data-testid="store-binding">
          {status.store
            ? `The read models are built from ${status.store.label} (store ${status.store.id.slice(0, 8)}, since ${formatDateTime(status.store.since)}); every service checks it at start.`
            : 'No service has started against this database yet.'}
        </p>
        <div className="admin-figures">
          <Figure
            label="Event store"
            value={!status.store ? '—' : status.store.kind === 'eventstoredb' ? 'EventStoreDB' : 'PostgreSQL'}
          />
          <Figure
            label="Events in the store"
            value={status.events ? number.format(status.events.total) : 'In EventStoreDB'}
          />
          <Figure
            label="Appended in the last hour"
            value={status.events ? number.format(status.events.lastHour) : '—'}
          />
          <Figure label="Database size" value={bytes(status.database.sizeBytes)} />
          <Figure
            label="Database connections"
            value={`${status.database.connections} of ${status.database.maxConnections}`}
          />
        </div>
      </section>
      <section className="card admin-card" aria-labelledby="latency-title">
        <h2 id="latency-title" className="card-title">
          Response time (last 15 minutes)
        </h2>
        <div className="table-wrap">
          <table className="data-table" data-testid="latency-table">
            <caption className="sr-only">Request latency per service</caption>
            <thead>
              <tr>
                <th scope="col">Service</th>
                <th scope="col">Requests</th>
                <th scope="col">Median (p50)</th>
                <th scope="col">p95</th>
              </tr>
            </thead>
            <tbody>
              {status.latency
                .filter((row) => row.service !== 'projector' && row.service !== 'rules')
                .map((row) => (
                  <tr key={row.service}>
                    <th scope="row" data-label="Service">
                      {serviceLabel(row.service)}
                    </th>
                    <td data-label="Requests">{number.format(row.requests)}</td>
                    <td data-label="Median (p50)">{row.p50Ms === null ? '—' : `≤ ${row.p50Ms} ms`}</td>
                    <td data-label="p95">{row.p95Ms === null ? '—' : `≤ ${row.p95Ms} ms`}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card admin-card" aria-labelledby="jobs-title">
        <h2 id="jobs-title" className="card-title">
          Background jobs
        </h2>
        <ul className="settings-history" data-testid="status-jobs">
          {status.jobs.map((job) => (
            <li key={job.name}>
              <strong>{job.label}</strong>:{' '}
              {job.lastRunAt
                ? `last run ${formatDateTime(job.lastRunAt)}${job.outcome === 'failed' ? ' (failed)' : ''}`
                : 'not run yet'}
              {job.detail && <span className="muted small"> · {job.detail}</span>}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="admin-figure">
      <span className="muted small">{label}</span>
      <span className="admin-figure-value">{value}</span>
    </div>
  );
}

function ReadModels({ status }: { status: ReturnType<typeof useQuery<ProjectionStatusView[]>> }) {
  return (
    <section className="card admin-card" aria-labelledby="projection-status-title">
      <div className="admin-card-header">
        <div>
          <h2 id="projection-status-title" className="card-title">
            Read models
          </h2>
          <p className="muted small">Each list and report is a projection of the event log, with its own checkpoint.</p>
        </div>
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
        <td data-label="Version">
          {row.servedVersion === row.version ? row.version : `${row.servedVersion} → ${row.version}`}
        </td>
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
    mutationFn: () =>
      apiSend('POST', `/api/status/projections/${encodeURIComponent(name)}/skip`, { eventId: stalled.eventId, reason }),
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
        <input
          id={reasonId}
          className="input"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          maxLength={1000}
        />
        <button
          type="submit"
          className="button button-danger-outline button-small"
          disabled={skip.isPending || reason.trim() === ''}
        >
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
