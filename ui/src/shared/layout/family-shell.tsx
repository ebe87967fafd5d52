import { Link, Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { HeartPulse } from 'lucide-react';
import { SignOutButton } from '../../features/auth/sign-out-button';
import { FamilyNotFound } from '../../features/family/family-not-found';
import { FAMILY_PATH } from '../../features/family/family-path';
import { BRAND } from '../brand';
import { fullName, useCurrentUser } from '../current-user';
import { useLiveUpdates } from '../live';
import { AccessibilityButton } from './accessibility-button';
import './family-shell.css';

/**
 * The family portal's frame, in place of the staff shell for a family account: the brand, the person's name,
 * Accessibility and Logout; no staff navigation, search, bell or emergency banner (each would read staff data the
 * account may not have). Only /family is theirs: / goes there, and any staff address typed by hand shows "not
 * found" without rendering the staff screen, so none of its requests are made.
 */
export function FamilyShell() {
  useLiveUpdates();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const user = useCurrentUser();
  if (pathname === '/') return <Navigate to={FAMILY_PATH} replace />;
  return (
    <div className="family-shell">
      <header className="family-topbar">
        <Link to={FAMILY_PATH} className="brand family-brand">
          <span className="brand-logo" aria-hidden>
            <HeartPulse size={20} />
          </span>
          <span className="brand-name">{BRAND.name}</span>
          <span className="sr-only"> family portal</span>
        </Link>
        <div className="family-topbar-end">
          <span className="family-topbar-user">{fullName(user)}</span>
          <AccessibilityButton />
          <SignOutButton className="button button-ghost" />
        </div>
      </header>
      <main className="content family-content" id="main">
        {pathname === FAMILY_PATH ? <Outlet /> : <FamilyNotFound />}
      </main>
    </div>
  );
}
