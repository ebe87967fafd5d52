import {
  ALERT_SEVERITY_LABELS,
  ALERT_STATUS_LABELS,
  type AlertSeverity,
  type AlertStatus,
  type PersonRef,
} from '@care/events';

export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  return <span className={`badge severity-${severity}`}>{ALERT_SEVERITY_LABELS[severity]}</span>;
}

export function AlertStatusBadge({ status }: { status: AlertStatus }) {
  return <span className={`badge alert-status-${status}`}>{ALERT_STATUS_LABELS[status]}</span>;
}

/** A person on an alert; null is the rule runner (or an account the users list no longer knows). */
export function personName(person: PersonRef | null, fallback = 'System'): string {
  return person ? `${person.firstName} ${person.lastName}`.trim() : fallback;
}

/** Who the alert is about, for the table's User column: the carer, else the client. */
export function alertSubjectName(alert: { carerName: string | null; clientName: string | null }): string {
  return alert.carerName ?? alert.clientName ?? '—';
}

/** "Carer: Sam Okafor · Client: Ada Whitfield", or nothing for an alert about neither. */
export function alertAboutText(alert: { carerName: string | null; clientName: string | null }): string {
  return [alert.carerName && `Carer: ${alert.carerName}`, alert.clientName && `Client: ${alert.clientName}`]
    .filter(Boolean)
    .join(' · ');
}
