import { ALERT_SEVERITY_LABELS, ESCALATION_AUDIENCE_LABELS, londonClock, type AlertView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { errorReason } from '../../shared/api';
import { FormDialog } from '../../shared/form-dialog';
import { enumLabel, formatDateTime } from '../../shared/format';
import { AlertStatusBadge, personName, SeverityBadge, SnoozedBadge } from '../../records/alerts/alert-badges';
import { alertQueryOptions } from '../../records/alerts/get-alert';

/** One alert in full: what it is about, who acknowledged, escalated and resolved it, and when. */
export function AlertDetailDialog({
  alertId,
  open,
  onOpenChange,
}: {
  alertId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const alert = useQuery({ ...alertQueryOptions(alertId), enabled: open });
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Alert Details">
      {alert.isPending ? (
        <p className="muted" role="status">
          Loading alert...
        </p>
      ) : alert.isError ? (
        <p className="form-error" role="alert">
          Could not load the alert: {errorReason(alert.error)}
        </p>
      ) : (
        <AlertDetail alert={alert.data} />
      )}
    </FormDialog>
  );
}

function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

function AlertDetail({ alert }: { alert: AlertView }) {
  return (
    <div className="alert-detail" data-testid="alert-detail">
      <p className="alert-detail-badges">
        <SeverityBadge severity={alert.severity} />
        <AlertStatusBadge status={alert.status} />
        {alert.snoozedUntil && <SnoozedBadge until={alert.snoozedUntil} />}
        <span className="muted small">{enumLabel(alert.type.replaceAll('-', '_'))}</span>
      </p>
      <h3 className="alert-detail-title">{alert.title}</h3>
      <p>{alert.description}</p>
      <dl className="details">
        {alert.carerName && (
          <>
            <dt>Carer</dt>
            <dd>{alert.carerName}</dd>
          </>
        )}
        {alert.clientName && (
          <>
            <dt>Client</dt>
            <dd>{alert.clientName}</dd>
          </>
        )}
        {alert.actionRequired && (
          <>
            <dt>Action required</dt>
            <dd>{alert.actionRequired}</dd>
          </>
        )}
        {alert.dueDate && (
          <>
            <dt>Due</dt>
            <dd>
              <When at={alert.dueDate} />
            </dd>
          </>
        )}
        <dt>Raised</dt>
        <dd>
          <When at={alert.createdAt} />
        </dd>
        <dt>Assigned to</dt>
        <dd>{personName(alert.assignedTo, 'Nobody')}</dd>
        {alert.acknowledgedAt && (
          <>
            <dt>Acknowledged</dt>
            <dd>
              {personName(alert.acknowledgedBy)}, <When at={alert.acknowledgedAt} />
            </dd>
          </>
        )}
        {alert.resolvedAt && (
          <>
            <dt>Resolved</dt>
            <dd>
              {alert.resolvedBySystem ? 'Automatically (the condition cleared)' : personName(alert.resolvedBy)},{' '}
              <When at={alert.resolvedAt} />
              {alert.resolution && <span className="alert-detail-note">{alert.resolution}</span>}
            </dd>
          </>
        )}
        {alert.taskIds.length > 0 && (
          <>
            <dt>Follow-up tasks</dt>
            <dd>{alert.taskIds.length}</dd>
          </>
        )}
      </dl>
      <section aria-labelledby="alert-snoozes-title">
        <h4 id="alert-snoozes-title" className="label">
          Snoozes
        </h4>
        {alert.snoozes.length === 0 ? (
          <p className="muted small">Never snoozed.</p>
        ) : (
          <ol className="alert-escalations">
            {alert.snoozes.map((snooze) => (
              <li key={snooze.at}>
                <span>
                  Until <When at={snooze.until} /> by {personName(snooze.by)}, <When at={snooze.at} />
                </span>
                <span className="muted small">{snooze.reason}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="alert-escalations-title">
        <h4 id="alert-escalations-title" className="label">
          Escalations
        </h4>
        {alert.escalations.length === 0 ? (
          <p className="muted small">Not escalated.</p>
        ) : (
          <ol className="alert-escalations">
            {alert.escalations.map((escalation) => (
              <li key={escalation.at}>
                {escalation.audience === null ? (
                  <span>
                    To <strong>{ALERT_SEVERITY_LABELS[escalation.severity]}</strong> by {personName(escalation.by)},{' '}
                    <When at={escalation.at} />
                  </span>
                ) : (
                  // Mailed because nobody acknowledged it: the time of day, with the date in the tooltip.
                  <span>
                    Escalated to {ESCALATION_AUDIENCE_LABELS[escalation.audience]} at{' '}
                    <time dateTime={escalation.at} title={formatDateTime(escalation.at)}>
                      {londonClock(escalation.at)}
                    </time>
                  </span>
                )}
                <span className="muted small">{escalation.reason}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
