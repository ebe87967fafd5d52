import type { LogDigestView, LogVerificationView } from '@care/events';
import { useMutation } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { apiGet, errorReason } from '../../shared/api';

/**
 * The event log's hash chain (docs/decisions/0021-tamper-evident-event-log.md): verify it from the first event and
 * name the first break, or show the digest (the chain head) an auditor keeps outside the system and later checks with
 * `npm run verify-log -- --digest`.
 */
export function LogIntegrityCard() {
  const verify = useMutation({ mutationFn: () => apiGet<LogVerificationView>('/api/audit/log/verify') });
  const digest = useMutation({ mutationFn: () => apiGet<LogDigestView>('/api/audit/log/digest') });
  return (
    <section className="card info-card" data-testid="log-integrity">
      <span className="stat-icon" aria-hidden>
        <Link2 size={20} />
      </span>
      <div>
        <h2 className="card-title">Event Log Integrity</h2>
        <p className="muted small">
          Every event carries a hash of its content and of the event before it. Verifying recomputes the whole chain and
          names the first event that was changed, deleted or slipped in. Keep a digest outside the system to prove later
          that the log still holds exactly what it held then.
        </p>
        <div className="toolbar">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => verify.mutate()}
            disabled={verify.isPending}
          >
            {verify.isPending ? 'Verifying…' : 'Verify log'}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => digest.mutate()}
            disabled={digest.isPending}
          >
            Show digest
          </button>
        </div>
        <div aria-live="polite">
          {verify.isError && <p role="alert">{errorReason(verify.error)}</p>}
          {verify.data &&
            (verify.data.ok ? (
              <p className="small" data-testid="log-verified">
                Intact: {verify.data.checked.toLocaleString('en-GB')} events checked in {verify.data.seconds.toFixed(2)}{' '}
                s.
              </p>
            ) : (
              <p role="alert" data-testid="log-broken">
                Broken: {verify.data.problem}
              </p>
            ))}
          {digest.isError && <p role="alert">{errorReason(digest.error)}</p>}
          {digest.data && (
            <p className="small">
              Digest (event {digest.data.chainIndex}):{' '}
              <code style={{ overflowWrap: 'anywhere' }}>{digest.data.digest}</code>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
