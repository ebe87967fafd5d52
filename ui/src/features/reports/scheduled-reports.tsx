import { can, REPORT_KIND_LABELS, type ReportScheduleView } from '@care/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Download, Pause, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { apiGet, apiSend, errorReason } from '../../shared/api';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { useCurrentUser } from '../../shared/current-user';
import { capitalize, formatDate, formatDateTime } from '../../shared/format';
import { toast } from '../../shared/toast';
import { downloadFile } from '../../shared/download-file';
import { ScheduleReportDialog, type ScheduleDefaults } from './schedule-report-dialog';
import { EmptyReport } from './report-states';

const SCHEDULES_KEY = '/api/report-schedules';

/** Scheduled Reports: each schedule with who scheduled it, its next run, its generated files, and its controls. */
export function ScheduledReports({ defaults }: { defaults: ScheduleDefaults }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  /** The schedule whose deletion is being asked about. */
  const [deleting, setDeleting] = useState<ReportScheduleView>();
  const schedules = useQuery({ queryKey: [SCHEDULES_KEY], queryFn: () => apiGet<ReportScheduleView[]>(SCHEDULES_KEY) });
  const change = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'pause' | 'resume' | 'delete' }) =>
      action === 'delete'
        ? apiSend('DELETE', `/api/report-schedules/${id}`)
        : apiSend('POST', `/api/report-schedules/${id}/${action}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [SCHEDULES_KEY] }),
    onError: (error) =>
      toast({ title: 'Schedule not changed', description: errorReason(error), variant: 'destructive' }),
  });
  const mayManage = (schedule: ReportScheduleView) => user.role === 'admin' || schedule.scheduledBy.id === user.id;
  const download = (runId: string, fileName: string) =>
    void downloadFile(`/api/report-runs/${runId}/file`, '*/*', fileName).catch((error: Error) =>
      toast({ title: 'Download Failed', description: errorReason(error), variant: 'destructive' }),
    );

  return (
    <section className="card report-card" aria-labelledby="scheduled-reports-title">
      <div className="report-card-header">
        <h2 id="scheduled-reports-title" className="card-title">
          Scheduled Reports
        </h2>
        {can(user.role, 'reports.schedule') && (
          <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
            <CalendarClock size={16} aria-hidden />
            Schedule Report
          </button>
        )}
      </div>
      {schedules.isPending ? (
        <p className="muted" role="status">
          Loading scheduled reports...
        </p>
      ) : schedules.isError ? (
        <p role="alert">Could not load scheduled reports: {errorReason(schedules.error)}</p>
      ) : schedules.data.length === 0 ? (
        <EmptyReport
          text="No reports scheduled"
          hint="A scheduled report is generated every Monday or on the 1st of the month at 07:00, and kept here."
        />
      ) : (
        <ul className="report-schedules" data-testid="report-schedules">
          {schedules.data.map((schedule) => (
            <li key={schedule.id} className="report-schedule">
              <div className="report-schedule-head">
                <strong>{schedule.name}</strong>
                <span className={`badge ${schedule.status === 'active' ? 'badge-success' : 'badge-muted'}`}>
                  {schedule.status === 'active' ? 'Active' : 'Paused'}
                </span>
              </div>
              <p className="small">
                {REPORT_KIND_LABELS[schedule.report]}, {schedule.format.toUpperCase()},{' '}
                {schedule.frequency === 'weekly' ? 'weekly (for the week before)' : 'monthly (for the month before)'}
                {' · '}
                {schedule.region ? capitalize(schedule.region) : 'All regions'}
                {' · '}
                {schedule.carerName ?? 'All carers'}
              </p>
              <p className="muted small">
                Scheduled by {schedule.scheduledBy.name} on {formatDate(schedule.scheduledAt)}
                {schedule.nextRunAt
                  ? ` · Next report ${formatDateTime(schedule.nextRunAt)}`
                  : ' · Paused: no report is generated'}
              </p>
              {schedule.runs.length > 0 ? (
                <ul className="report-runs">
                  {schedule.runs.map((run) => (
                    <li key={run.id}>
                      <button type="button" className="link-button" onClick={() => download(run.id, run.fileName)}>
                        <Download size={14} aria-hidden /> {formatDate(run.periodFrom)} to {formatDate(run.periodTo)}
                      </button>
                      <span className="muted small"> generated {formatDateTime(run.generatedAt)}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted small">No report generated yet.</p>
              )}
              {mayManage(schedule) && (
                <div className="card-actions">
                  {schedule.status === 'active' ? (
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      disabled={change.isPending}
                      onClick={() => change.mutate({ id: schedule.id, action: 'pause' })}
                    >
                      <Pause size={14} aria-hidden /> Pause
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      disabled={change.isPending}
                      onClick={() => change.mutate({ id: schedule.id, action: 'resume' })}
                    >
                      <Play size={14} aria-hidden /> Resume
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button-danger-outline button-small"
                    disabled={change.isPending}
                    onClick={() => setDeleting(schedule)}
                  >
                    <Trash2 size={14} aria-hidden /> Delete
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ScheduleReportDialog open={open} onOpenChange={setOpen} defaults={defaults} />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(next) => !next && setDeleting(undefined)}
        title={`Delete the schedule "${deleting?.name ?? ''}"?`}
        confirmLabel="Delete schedule"
        onConfirm={() => deleting && change.mutate({ id: deleting.id, action: 'delete' })}
      >
        <p>No more reports are sent from it. The reports already sent stay with their recipients.</p>
      </ConfirmDialog>
    </section>
  );
}
