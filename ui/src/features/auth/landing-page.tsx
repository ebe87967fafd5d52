import { useNavigate } from '@tanstack/react-router';
import { FileHeart, HeartPulse, LifeBuoy, Lock, Mic, PoundSterling, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { BRAND } from '../../shared/brand';
import { takeSignedOutNotice } from '../../shared/signed-out-notice';
import { AcceptInvitationForm } from './accept-invitation-form';
import { LoginForm } from './login-form';
import { PasswordResetForm } from './password-reset-form';
import { PasswordResetRequestForm } from './password-reset-request-form';
import { useFamilyInvitationCheck } from './reset-password';

/** What the platform covers. */
const FEATURES = [
  { icon: HeartPulse, text: 'Care management: carers, clients, visits, care plans and diary notes' },
  { icon: PoundSterling, text: 'Financial controls with GBP as the primary currency' },
  { icon: Mic, text: 'Voice recording and documentation' },
  { icon: FileHeart, text: 'Government care plan integration' },
  { icon: ShieldCheck, text: 'UK healthcare compliance' },
] as const;

type Panel = 'closed' | 'login' | 'request-reset' | 'reset';

/**
 * The restricted-access landing screen, outside the app shell and open without a session. Only one
 * form shows at a time: the login form, the new-password request, or (from a reset link) the new password.
 */
export function LandingPage({
  resetToken,
  invitationToken,
}: {
  resetToken?: string | undefined;
  /** From the family portal's invitation mail: the person chooses their first password. */
  invitationToken?: string | undefined;
}) {
  const navigate = useNavigate();
  const linkToken = resetToken ?? invitationToken;
  const [panel, setPanel] = useState<Panel>(linkToken ? 'reset' : 'closed');
  /** Leaves the reset link behind: the token is single-use and should not stay in the address bar or history. */
  const leaveResetLink = (next: Panel) => {
    setPanel(next);
    void navigate({ to: '/landing', search: {}, replace: true });
  };
  const shown: Panel = panel === 'reset' && !linkToken ? 'closed' : panel;
  // Read once: a reload of the sign-in page does not say it again.
  const [signedOut] = useState(takeSignedOutNotice);
  // An invitation link first asks whether the person already signs in to the portal (then they only accept).
  const invitationCheck = useFamilyInvitationCheck(invitationToken ?? '', !resetToken && invitationToken !== undefined);

  return (
    <div className="landing">
      <div className="landing-banner" role="note">
        <ShieldAlert size={20} aria-hidden />
        <strong>RESTRICTED ACCESS - Administrative Personnel Only</strong>
      </div>

      <main className="landing-main" id="main">
        <header className="landing-brand">
          <span className="brand-logo landing-logo" aria-hidden>
            <HeartPulse size={30} />
          </span>
          <div>
            <h1 className="landing-title">{BRAND.name}</h1>
            <p className="landing-tagline">{BRAND.tagline}</p>
          </div>
        </header>

        <section className="card landing-access" aria-label="Sign in">
          {signedOut && (
            <p className="landing-notice" role="status">
              You have been signed out. Sign in again to continue. If your access to the family portal has ended, the
              agency can tell you why.
            </p>
          )}
          {shown === 'closed' && (
            <div className="landing-intro">
              <span className="landing-lock" aria-hidden>
                <Lock size={22} />
              </span>
              <h2 className="landing-form-title">Authorised staff only</h2>
              <p className="muted">
                Sign in with the account your administrator created for you. Public access is disabled.
              </p>
              {/* The family portal's members sign in here too, and should not think the door is closed to them. */}
              <p className="muted">
                Invited by the agency to follow a relative's care? Sign in here with the email address the invitation
                was sent to.
              </p>
              <button type="button" className="button button-primary button-block" onClick={() => setPanel('login')}>
                Administrator Login
              </button>
              <button
                type="button"
                className="button button-secondary button-block"
                onClick={() => setPanel('request-reset')}
              >
                Request new password
              </button>
            </div>
          )}
          {shown === 'login' && (
            <LoginForm onCancel={() => setPanel('closed')} onRequestReset={() => setPanel('request-reset')} />
          )}
          {shown === 'request-reset' && (
            <PasswordResetRequestForm onDone={() => setPanel('login')} onCancel={() => setPanel('closed')} />
          )}
          {shown === 'reset' && invitationToken && !resetToken && invitationCheck.data?.choosePassword === false ? (
            <AcceptInvitationForm
              token={invitationToken}
              onDone={() => leaveResetLink('login')}
              onCancel={() => leaveResetLink('closed')}
            />
          ) : shown === 'reset' && invitationToken && !resetToken && invitationCheck.isPending ? (
            <p className="muted" role="status">
              Checking your invitation...
            </p>
          ) : (
            shown === 'reset' &&
            linkToken && (
              <PasswordResetForm
                token={linkToken}
                link={resetToken ? 'reset' : 'invitation'}
                onDone={() => leaveResetLink('login')}
                onCancel={() => leaveResetLink('closed')}
              />
            )
          )}
        </section>

        <section className="landing-features" aria-labelledby="landing-features-title">
          <h2 id="landing-features-title" className="landing-section-title">
            What the platform covers
          </h2>
          <ul className="landing-feature-list">
            {FEATURES.map(({ icon: Icon, text }) => (
              <li key={text}>
                <Icon size={18} aria-hidden />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </section>

        <section className="landing-contact" aria-labelledby="landing-contact-title">
          <h2 id="landing-contact-title" className="landing-section-title">
            <LifeBuoy size={18} aria-hidden />
            Contact
          </h2>
          <p>Accounts are created by your agency's system administrator; there is no public registration.</p>
          <p>For access, a new role or a locked account, contact your system administrator.</p>
        </section>
      </main>

      <footer className="landing-footer">
        {BRAND.copyright} · Version {BRAND.version}
      </footer>
    </div>
  );
}
