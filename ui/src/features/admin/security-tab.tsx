import { Database, FileClock, KeyRound, ShieldCheck } from 'lucide-react';
import { AccessLogTable } from './access-log-table';
import { LogIntegrityCard } from './log-integrity-card';

/** The Security tab's four cards, each saying what the platform really does. */
const CARDS = [
  {
    icon: KeyRound,
    title: 'Authentication',
    text: 'The server checks each sign-in and opens a server-side session (no JWTs). Passwords are stored only as argon2id hashes; after repeated failed sign-ins, further attempts are refused for a while.',
  },
  {
    icon: Database,
    title: 'Data Encryption',
    text: 'Passwords are hashed one-way with argon2id and kept in a credentials table, never in the permanent event log. Serve the platform over HTTPS so data is encrypted in transit.',
  },
  {
    icon: FileClock,
    title: 'Access Logs',
    text: 'Every sign-in, lockout after repeated failed sign-ins, sign-out, password-reset request and reset link is recorded with its time and IP address. The newest entries are listed below.',
  },
  {
    icon: ShieldCheck,
    title: 'Session Security',
    text: 'The session lives on the server; the browser holds only an httpOnly cookie that page scripts cannot read. Logging out ends the session at once, and sessions expire.',
  },
] as const;

export function SecurityTab() {
  return (
    <div className="admin-tab">
      <div className="info-card-grid info-card-grid-wide">
        {CARDS.map(({ icon: Icon, title, text }) => (
          <section key={title} className="card info-card">
            <span className="stat-icon" aria-hidden>
              <Icon size={20} />
            </span>
            <div>
              <h2 className="card-title">{title}</h2>
              <p className="muted small">{text}</p>
            </div>
          </section>
        ))}
        <LogIntegrityCard />
      </div>
      <AccessLogTable />
    </div>
  );
}
