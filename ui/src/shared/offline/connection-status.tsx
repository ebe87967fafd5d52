import { Link } from '@tanstack/react-router';
import { Cloud, CloudOff } from 'lucide-react';
import { formatDateTime } from '../format';
import { useLastSent, useOnline, useOutboxRecords } from './use-outbox';
import './connection-status.css';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Online or Offline, in words and an icon (never colour alone). */
export function ConnectionBadge() {
  const online = useOnline();
  return (
    <span
      className={`connection-badge${online ? '' : ' connection-badge-offline'}`}
      data-testid="connection-badge"
      title={online ? 'Online' : 'Offline'}
    >
      {online ? <Cloud size={14} aria-hidden /> : <CloudOff size={14} aria-hidden />}
      <span className="connection-badge-text">{online ? 'Online' : 'Offline'}</span>
    </span>
  );
}

/**
 * What this phone still has to send: "3 records waiting to send" (to the Check In screen, where they show on their
 * visits), records the server refused, and when the phone last sent. Nothing when there is nothing to say.
 */
export function OutboxSummary() {
  const records = useOutboxRecords();
  const lastSent = useLastSent();
  const waiting = records.filter((record) => record.state === 'waiting').length;
  const refused = records.length - waiting;
  if (records.length === 0 && lastSent === null) return null;
  return (
    <span className="outbox-summary" role="status" data-testid="outbox-summary">
      {waiting > 0 && (
        <Link to="/check-in" className="outbox-summary-link">
          {plural(waiting, 'record waiting to send', 'records waiting to send')}
        </Link>
      )}
      {refused > 0 && (
        <Link to="/check-in" hash="needs-attention" className="outbox-summary-link outbox-summary-refused">
          {plural(refused, 'record needs attention', 'records need attention')}
        </Link>
      )}
      {lastSent !== null && <span className="outbox-summary-time">Last sent {formatDateTime(lastSent).slice(11)}</span>}
    </span>
  );
}
