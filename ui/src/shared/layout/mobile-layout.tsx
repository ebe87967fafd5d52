import * as Dialog from '@radix-ui/react-dialog';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { Bell, Menu, Search, X } from 'lucide-react';
import { useState } from 'react';
import { BRAND } from '../brand';
import { closeOnEscape } from '../close-on-escape';
import { SignOutButton } from '../../features/auth/sign-out-button';
import { fullName, roleLabel, useCurrentUser } from '../current-user';
import { BackButton } from './back-button';
import { HeaderSearch } from './header-search';
import { isNavActive, MAIN_NAV, navFor, MOBILE_QUICK_ACTIONS, MOBILE_TABS, SETTINGS_NAV } from './nav-items';
import { UserAvatar } from './user-avatar';
import { TodayCountBadge } from '../../features/appointments/today-count-badge';

function MobileMenu({ open, onOpenChange, pathname }: { open: boolean; onOpenChange: (open: boolean) => void; pathname: string }) {
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
              {navFor(user.role, MAIN_NAV).map(({ label, to, icon: Icon }) => {
                const active = isNavActive(pathname, to);
                return (
                  <li key={to}>
                    <Link to={to} className={`sidebar-link${active ? ' active' : ''}`} aria-current={active ? 'page' : undefined} onClick={close}>
                      <Icon size={18} aria-hidden />
                      {label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="mobile-menu-footer">
            <Link to={SETTINGS_NAV.to} className={`sidebar-link${isNavActive(pathname, SETTINGS_NAV.to) ? ' active' : ''}`} onClick={close}>
              <SettingsIcon size={18} aria-hidden />
              {SETTINGS_NAV.label}
            </Link>
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

export function MobileLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  return (
    <div className="mobile-shell">
      <header className="mobile-topbar">
        <button type="button" className="icon-button" aria-label="Open menu" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
          <Menu size={22} aria-hidden />
        </button>
        <Link to="/" className="brand-mark" aria-label={`${BRAND.name} home`}>
          {BRAND.mark}
        </Link>
        <div className="mobile-topbar-end">
          <button type="button" className="icon-button" aria-label="Search" aria-expanded={searchOpen} onClick={() => setSearchOpen((open) => !open)}>
            <Search size={20} aria-hidden />
          </button>
          <button type="button" className="icon-button" aria-label="Alerts">
            <Bell size={20} aria-hidden />
          </button>
        </div>
      </header>
      {searchOpen && (
        <div className="mobile-search">
          <HeaderSearch autoFocus />
        </div>
      )}
      <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} pathname={pathname} />
      <main className="content mobile-content" id="main">
        <BackButton />
        <Outlet />
      </main>
      <nav className="bottom-bar" aria-label="Quick navigation">
        {MOBILE_TABS.map(({ label, to, icon: Icon }) => {
          const active = isNavActive(pathname, to);
          return (
            <Link key={to} to={to} className={`bottom-tab${active ? ' active' : ''}`} aria-current={active ? 'page' : undefined}>
              <span className="bottom-tab-icon">
                <Icon size={20} aria-hidden />
                {to === '/scheduling' && <TodayCountBadge />}
              </span>
              <span>{label}</span>
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
