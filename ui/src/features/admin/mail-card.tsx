import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../shared/format';
import { outboxQuery } from './get-system-status';

const STATUS_LABELS = {
  pending: 'Waiting to send',
  sent: 'Sent',
  written: 'Written to the mail folder',
  failed: 'Failed',
} as const;

/** The outbox: what the platform sent (or wrote to the mail folder without SMTP), what waits for a retry, what failed. */
export function MailCard() {
  const outbox = useQuery(outboxQuery);
  return (
    <section className="card admin-card" aria-labelledby="mail-title">
      <h2 id="mail-title" className="card-title">
        Outgoing mail
      </h2>
      <p className="muted small">
        The latest 20 messages. Without a mail server (SMTP_URL), messages are written to the data folder's mail folder.
      </p>
      {outbox.isError && <p role="alert">The outbox could not be loaded.</p>}
      {outbox.data && outbox.data.length === 0 && <p className="muted">No mail yet.</p>}
      {outbox.data && outbox.data.length > 0 && (
        <div className="table-wrap">
          <table className="data-table" data-testid="outbox-table">
            <caption className="sr-only">Outgoing mail, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">To</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Queued</th>
              </tr>
            </thead>
            <tbody>
              {outbox.data.map((mail) => (
                <tr key={mail.id}>
                  <th scope="row" data-label="Subject">
                    {mail.subject}
                  </th>
                  <td data-label="To">{mail.recipient}</td>
                  <td data-label="Status">
                    {STATUS_LABELS[mail.status]}
                    {mail.lastError && mail.status !== 'sent' && mail.status !== 'written' && (
                      <span className="muted small"> · {mail.lastError}</span>
                    )}
                    {mail.nextAttemptAt && mail.attempts > 0 && (
                      <span className="muted small"> · next try {formatDateTime(mail.nextAttemptAt)}</span>
                    )}
                  </td>
                  <td data-label="Attempts">{mail.attempts}</td>
                  <td data-label="Queued">{formatDateTime(mail.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
