import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { Accessibility, X } from 'lucide-react';
import { BRAND } from '../brand';
import { closeOnEscape } from '../close-on-escape';
import { SignOutButton } from '../../features/auth/sign-out-button';
import { FeedbackChoices } from '../../features/feedback/feedback-choices';
import { HeaderHelp } from '../../features/help/header-help';
import { fullName, roleLabel, useCurrentUser } from '../current-user';
import { isNavActive, MAIN_NAV, navFor, MOBILE_QUICK_ACTIONS, SETTINGS_NAV } from './nav-items';
import { UserAvatar } from './user-avatar';

/** The phone's menu sheet, fetched with Radix Dialog when it is first opened (mobile-layout.tsx). */
export function MobileMenu({
  open,
  onOpenChange,
  pathname,
  onOpenAccessibility,
  onOpenFeedback,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pathname: string;
  /** Closes the menu and opens the accessibility settings (the desktop header's Accessibility button). */
  onOpenAccessibility: () => void;
  /** Closes the menu and opens the "Share Your Feedback" form (the desktop header's Feedback button offers it). */
  onOpenFeedback: () => void;
}) {
  const user = useCurrentUser();
  const close = () => onOpenChange(false);
  const SettingsIcon = SETTINGS_NAV.icon;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="mobile-menu" aria-describedby={undefined} onKeyDown={closeOnEscape(onOpenChange)}>
          <div className="mobile-menu-header">
            <Dialog.Title className="mobile-menu-title">Mobile Dashboard</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close menu">
              <X size={20} aria-hidden />
            </Dialog.Close>
          </div>
          <div className="mobile-menu-user">
            <UserAvatar user={user} />
            <div className="sidebar-user-text">
              <span className="sidebar-user-name">{fullName(user)}</span>
              <span className="sidebar-user-role">{roleLabel(user)}</span>
            </div>
          </div>
          <h2 className="mobile-menu-section">Quick Actions</h2>
          <div className="quick-actions">
            {MOBILE_QUICK_ACTIONS.map(({ label, to, icon: Icon }) => (
              <Link key={to} to={to} className="quick-action" onClick={close}>
                <Icon size={20} aria-hidden />
                {label}
              </Link>
            ))}
          </div>
          <h2 className="mobile-menu-section">Navigation</h2>
          <nav aria-label="Mobile navigation">
            <ul className="mobile-nav-list">
              {navFor(user.role, MAIN_NAV).map(({ label, to, also, icon: Icon }) => {
                const active = isNavActive(pathname, { to, also });
                return (
                  <li key={to}>
                    <Link
                      to={to}
                      className={`sidebar-link${active ? ' active' : ''}`}
                      aria-current={active ? 'page' : undefined}
                      onClick={close}
                    >
                      <Icon size={18} aria-hidden />
                      {label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {/* On a phone nothing floats over the page: feedback on the page in view is given from here. */}
          <h2 className="mobile-menu-section">Feedback on this page</h2>
          <FeedbackChoices itemClassName="sidebar-link" onChosen={close} onShareFull={onOpenFeedback} />
          <div className="mobile-menu-footer">
            <Link
              to={SETTINGS_NAV.to}
              className={`sidebar-link${isNavActive(pathname, SETTINGS_NAV) ? ' active' : ''}`}
              aria-current={isNavActive(pathname, SETTINGS_NAV) ? 'page' : undefined}
              onClick={close}
            >
              <SettingsIcon size={18} aria-hidden />
              {SETTINGS_NAV.label}
            </Link>
            <button type="button" className="sidebar-link" aria-haspopup="dialog" onClick={onOpenAccessibility}>
              <Accessibility size={18} aria-hidden />
              Accessibility
            </button>
            <HeaderHelp className="sidebar-link" labelClassName="" />
            <SignOutButton className="sidebar-link" iconSize={18} />
            <p className="sidebar-footer">
              {BRAND.copyright} · Version {BRAND.version}
            </p>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
