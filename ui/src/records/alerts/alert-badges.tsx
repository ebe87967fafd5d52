import {
  ALERT_SEVERITY_LABELS,
  ALERT_STATUS_LABELS,
  londonClock,
  londonToday,
  londonWallClockOf,
  type AlertSeverity,
  type AlertStatus,
  type PersonRef,
} from '@care/events';
import { formatDateTime } from '../../shared/format';

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

/** "Snoozed until 14:00" (today, UK time), or "Snoozed until 28/11/2026 08:00" (another day). */
export function snoozedUntilText(until: string, now: Date = new Date()): string {
  const today = londonWallClockOf(new Date(until)).slice(0, 10) === londonToday(now);
  return `Snoozed until ${today ? londonClock(until) : formatDateTime(until)}`;
}

export function SnoozedBadge({ until }: { until: string }) {
  return <span className="badge alert-snoozed">{snoozedUntilText(until)}</span>;
}
