import {
  incidentNoteRequestSchema,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_TYPE_LABELS,
  resolveIncidentRequestSchema,
  TEXT_LIMITS,
  type IncidentView,
} from '@care/events';
import { ArrowUpCircle, CheckCircle2, Eye, FileDown, NotebookPen, Pencil, RefreshCw, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { ActionMenu } from '../../shared/action-menu';
import { formatDateTime } from '../../shared/format';
import { TextCommandDialog } from '../../shared/text-command-dialog';
import { AmendIncidentDialog } from './amend-incident-dialog';
import { EscalateIncidentDialog } from './escalate-incident-dialog';
import { incidentPath } from './get-incidents';
import { useIncidentCommand } from './incident-command';
import { SafeguardingDialog } from './safeguarding-dialog';
import { UpdateStatusDialog } from './update-status-dialog';

type Open = 'update' | 'resolve' | 'escalate' | 'status' | 'notes' | 'safeguarding' | null;

/**
 * One incident in a list: View Details, and for managers the rest under More actions (a carer: the report download).
 */
export function IncidentCard({
  incident,
  canManage,
  onView,
}: {
  incident: IncidentView;
  canManage: boolean;
  onView: (id: string) => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const resolve = useIncidentCommand<{ resolutionSummary: string }>('/resolve', {
    success: 'Incident resolved',
    failure: 'Failed to resolve incident',
  });
  const addNote = useIncidentCommand<{ note: string }>('/notes', {
    success: 'Investigation note added',
    failure: 'Failed to add the note',
  });
  const closed = incident.status === 'closed';
  const report = incidentPath(incident.id, '/report.pdf');
  const overdue = incident.duties.filter((duty) => duty.overdue).length;
  const about = [
    incident.clientName && `Client: ${incident.clientName}`,
    incident.carerName && `Carer: ${incident.carerName}`,
    incident.reportedByName && `Reported by ${incident.reportedByName}`,
  ].filter(Boolean);
  const dialog = (name: Exclude<Open, null>) => ({
    open: open === name,
    onOpenChange: (next: boolean) => setOpen(next ? name : null),
  });

  return (
    <article
      className={`card incident-card incident-${incident.severity}`}
      data-testid="incident-card"
      aria-label={incident.title}
    >
      <header className="incident-card-header">
        <h3 className="incident-title">{incident.title}</h3>
        <span className="incident-badges">
          <span className={`badge severity-${incident.severity}`}>{INCIDENT_SEVERITY_LABELS[incident.severity]}</span>
          <span className={`badge incident-status-${incident.status}`}>{INCIDENT_STATUS_LABELS[incident.status]}</span>
          <span className="badge incident-type">{INCIDENT_TYPE_LABELS[incident.type]}</span>
          {incident.escalated && <span className="badge badge-escalated">Escalated</span>}
          {overdue > 0 && <span className="badge badge-overdue">Duty overdue</span>}
        </span>
      </header>
      <p className="small muted">
        <time dateTime={incident.dateOccurred}>{formatDateTime(incident.dateOccurred)}</time>
        {incident.location ? ` · ${incident.location}` : ''}
      </p>
      {about.length > 0 && <p className="small">{about.join(' · ')}</p>}
      <p className="incident-summary">{incident.description}</p>
      <div className="incident-actions">
        <button type="button" className="button button-primary button-small" onClick={() => onView(incident.id)}>
          <Eye size={16} aria-hidden />
          View Details
        </button>
        {canManage ? (
          <ActionMenu
            label={`More actions for ${incident.title}`}
            items={[
              incident.status === 'investigating' && {
                label: 'Mark Resolved',
                icon: CheckCircle2,
                onSelect: () => setOpen('resolve'),
              },
              { label: 'Update Status', icon: RefreshCw, onSelect: () => setOpen('status') },
              {
                label: 'Add Investigation Notes',
                icon: NotebookPen,
                onSelect: () => setOpen('notes'),
                disabled: closed,
              },
              {
                label: 'Escalate',
                icon: ArrowUpCircle,
                onSelect: () => setOpen('escalate'),
                disabled: incident.status === 'resolved' || closed,
              },
              {
                label: 'Contact Safeguarding Team',
                icon: ShieldAlert,
                onSelect: () => setOpen('safeguarding'),
                disabled: closed,
              },
              { label: 'Correct Details', icon: Pencil, onSelect: () => setOpen('update'), disabled: closed },
              { label: 'Download Full Report', icon: FileDown, href: report, download: true },
            ]}
          />
        ) : (
          <a className="button button-secondary button-small" href={report} download>
            <FileDown size={16} aria-hidden />
            Download Full Report
          </a>
        )}
      </div>
      {canManage && (
        <>
          <AmendIncidentDialog incident={incident} {...dialog('update')} />
          <EscalateIncidentDialog incident={incident} {...dialog('escalate')} />
          <UpdateStatusDialog incident={incident} {...dialog('status')} />
          <SafeguardingDialog incident={incident} {...dialog('safeguarding')} />
          <TextCommandDialog
            {...dialog('resolve')}
            title="Mark Resolved"
            summary={incident.title}
            field="resolutionSummary"
            label="Resolution summary"
            required
            maxLength={TEXT_LIMITS.notes}
            schema={resolveIncidentRequestSchema}
            submitLabel="Mark Resolved"
            onSubmit={(body) => resolve.mutateAsync({ incident, body })}
          />
          <TextCommandDialog
            {...dialog('notes')}
            title="Add Investigation Notes"
            summary={incident.title}
            field="note"
            label="Note"
            required
            maxLength={TEXT_LIMITS.notes}
            schema={incidentNoteRequestSchema}
            submitLabel="Add Note"
            onSubmit={(body) => addNote.mutateAsync({ incident, body })}
          />
        </>
      )}
    </article>
  );
}
