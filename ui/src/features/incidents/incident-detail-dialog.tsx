import {
  followUpDoneRequestSchema,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_TYPE_LABELS,
  TEXT_LIMITS,
  type IncidentDetailView,
} from '@care/events';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { FormDialog } from '../../shared/form-dialog';
import { formatDate, formatDateTime } from '../../shared/format';
import { ListLoadError } from '../../shared/list-states';
import { TextCommandDialog } from '../../shared/text-command-dialog';
import { DutiesSection } from './duties-section';
import { incidentPath, useIncident } from './get-incidents';
import { useIncidentCommand } from './incident-command';
import { personName } from './incident-format';
import { ReferralUpdateForm } from './referral-update-form';

/** View Details: the whole record, its duties, referrals, notes and timeline (the original report with every correction). */
export function IncidentDetailDialog({
  incidentId,
  canManage,
  onOpenChange,
}: {
  incidentId: string | null;
  canManage: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const incident = useIncident(incidentId);
  return (
    <FormDialog open={incidentId !== null} onOpenChange={onOpenChange} title={incident.data?.title ?? 'Incident'}>
      {incident.isError ? (
        <ListLoadError what="the incident" error={incident.error} onRetry={() => void incident.refetch()} />
      ) : incident.data ? (
        <IncidentDetail incident={incident.data} canManage={canManage} />
      ) : (
        <p className="muted">Loading…</p>
      )}
    </FormDialog>
  );
}

function IncidentDetail({ incident, canManage }: { incident: IncidentDetailView; canManage: boolean }) {
  const [recordingFollowUp, setRecordingFollowUp] = useState(false);
  const followUp = useIncidentCommand<{ notes: string }>('/follow-up', {
    success: 'Follow-up recorded',
    failure: 'Failed to record the follow-up',
  });
  const rows: [string, string][] = [
    ['Type', INCIDENT_TYPE_LABELS[incident.type]],
    ['Severity', INCIDENT_SEVERITY_LABELS[incident.severity]],
    ['Status', INCIDENT_STATUS_LABELS[incident.status]],
    ['Date occurred', formatDateTime(incident.dateOccurred)],
    ['Reported', `${formatDateTime(incident.createdAt)} by ${incident.reportedByName ?? 'unknown'}`],
    ['Location', incident.location ?? '—'],
    ['Client', incident.clientName ?? '—'],
    ['Carer', incident.carerName ?? '—'],
    ['Witness details', incident.witnessDetails ?? '—'],
    ['Immediate action', incident.immediateAction ?? '—'],
    [
      'Follow-up required',
      incident.followUpRequired ? `Yes${incident.followUpNotes ? `: ${incident.followUpNotes}` : ''}` : 'No',
    ],
    ['Follow-up done', incident.followUpDoneNotes ?? '—'],
    ['Escalated to', incident.escalatedTo ? personName(incident.escalatedTo) : '—'],
    ['Resolution summary', incident.resolutionSummary ?? '—'],
  ];
  return (
    <div className="incident-detail" data-testid="incident-detail">
      <p className="incident-description">{incident.description}</p>
      <dl className="incident-fields">
        {rows.map(([label, value]) => (
          <div key={label} className="incident-field">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="incident-detail-actions">
        <a className="button button-secondary" href={incidentPath(incident.id, '/report.pdf')} download>
          <FileDown size={16} aria-hidden />
          Full Report
        </a>
        {canManage &&
          incident.followUpRequired &&
          incident.followUpDoneNotes === null &&
          incident.status !== 'closed' && (
            <button type="button" className="button button-secondary" onClick={() => setRecordingFollowUp(true)}>
              Record Follow-up Done
            </button>
          )}
      </div>
      <DutiesSection incident={incident} canManage={canManage} />
      <section className="incident-section" aria-label="Safeguarding referrals">
        <h3 className="incident-section-title">Safeguarding referrals</h3>
        {incident.referrals.length === 0 ? (
          <p className="muted small">No safeguarding referral recorded.</p>
        ) : (
          <ul className="incident-list-plain" data-testid="incident-referrals">
            {incident.referrals.map((referral) => (
              <li key={referral.id}>
                {formatDate(referral.referredOn)}: {referral.referredTo}
                {referral.localAuthorityReference ? `, reference ${referral.localAuthorityReference}` : ''}
                {referral.outcome ? `. Outcome: ${referral.outcome}` : ''}
                {canManage && <ReferralUpdateForm incident={incident} referral={referral} />}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="incident-section" aria-label="Investigation notes">
        <h3 className="incident-section-title">Investigation notes</h3>
        {incident.notes.length === 0 ? (
          <p className="muted small">No investigation notes yet.</p>
        ) : (
          <ul className="incident-list-plain" data-testid="incident-notes">
            {incident.notes.map((note) => (
              <li key={note.id}>
                <span className="small muted">
                  {formatDateTime(note.at)} · {personName(note.by)}
                </span>
                <br />
                {note.note}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="incident-section" aria-label="Timeline">
        <h3 className="incident-section-title">Timeline</h3>
        <ol className="incident-timeline" data-testid="incident-timeline">
          {incident.timeline.map((entry) => (
            <li key={entry.eventId}>
              <span className="small muted">
                {formatDateTime(entry.at)} · {personName(entry.by)}
              </span>
              <br />
              {entry.summary}
              {entry.changes.length > 0 && (
                <ul className="incident-changes small">
                  {entry.changes.map((change) => (
                    <li key={change.field}>
                      {change.field}:{' '}
                      {change.before === null ? (change.after ?? '—') : `${change.before} → ${change.after ?? '—'}`}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </section>
      <TextCommandDialog
        open={recordingFollowUp}
        onOpenChange={setRecordingFollowUp}
        title="Record Follow-up Done"
        summary={incident.followUpNotes ?? incident.title}
        field="notes"
        label="What was done"
        required
        maxLength={TEXT_LIMITS.notes}
        schema={followUpDoneRequestSchema}
        submitLabel="Record"
        onSubmit={(body) => followUp.mutateAsync({ incident, body })}
      />
    </div>
  );
}
