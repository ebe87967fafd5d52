import { Link, useRouterState } from '@tanstack/react-router';
import { HeartPulse } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { BRAND } from '../brand';
import { SignOutButton } from '../../features/auth/sign-out-button';
import { fullName, roleLabel, useCurrentUser } from '../current-user';
import { AlertBell } from '../../features/alerts/alert-bell';
import { FeedbackButton } from '../../features/feedback/feedback-button';
import { HeaderHelp } from '../../features/help/header-help';
import { AccessibilityButton } from './accessibility-button';
import { BackButton } from './back-button';
import { HeaderSearch } from './header-search';
import { ConnectionBadge, OutboxSummary } from '../offline/connection-status';
import { isNavActive, MAIN_NAV, navFor, SETTINGS_NAV, type NavItem } from './nav-items';
import { UserAvatar } from './user-avatar';
import './shell.css';

function SidebarLink({ item, pathname }: { item: NavItem; pathname: string }) {
  const active = isNavActive(pathname, item);
  const Icon = item.icon;
  return (
    <li>
      <Link
        to={item.to}
        className={`sidebar-link${active ? ' active' : ''}`}
        aria-current={active ? 'page' : undefined}
      >
        <Icon size={18} aria-hidden />
        {item.label}
      </Link>
    </li>
  );
}

/** The desktop sidebar: the brand, the navigation for the user's role, the user and the version. */
export function DesktopSidebar() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const user = useCurrentUser();
  const nav = useRef<HTMLElement>(null);
  // On a short screen the entries scroll: the current one is brought into view, so the sidebar shows where the user is.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [pathname]);
  return (
    <aside className="sidebar">
      <Link to="/" className="brand">
        <span className="brand-logo" aria-hidden>
          <HeartPulse size={22} />
        </span>
        <span>
          <span className="brand-name">{BRAND.name}</span>
          <span className="brand-tagline">{BRAND.tagline}</span>
        </span>
      </Link>
      <nav ref={nav} aria-label="Main navigation" className="sidebar-nav">
        <ul>
          {navFor(user.role, MAIN_NAV).map((item) => (
            <SidebarLink key={item.to} item={item} pathname={pathname} />
          ))}
        </ul>
        <ul className="sidebar-secondary">
          <SidebarLink item={SETTINGS_NAV} pathname={pathname} />
        </ul>
      </nav>
      <div className="sidebar-user">
        <UserAvatar user={user} />
        <div className="sidebar-user-text">
          <span className="sidebar-user-name">{fullName(user)}</span>
          <span className="sidebar-user-role">{roleLabel(user)}</span>
        </div>
        <SignOutButton className="icon-button" iconOnly iconSize={18} />
      </div>
      <p className="sidebar-footer">
        {BRAND.copyright} · Version {BRAND.version}
      </p>
    </aside>
  );
}

/**
 * The desktop header: the title or Back, search, feedback, help, accessibility, the bell and the user. Its icon-only
 * buttons show their names in a tooltip on hover and on keyboard focus (shell.css).
 */
export function DesktopTopbar() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const user = useCurrentUser();
  return (
    <header className="topbar">
      <div className="topbar-start">
        {pathname === '/' ? <h1 className="topbar-title">Dashboard Overview</h1> : <BackButton />}
        <ConnectionBadge />
        <OutboxSummary />
      </div>
      <HeaderSearch />
      <div className="topbar-end">
        <FeedbackButton />
        <HeaderHelp />
        <AccessibilityButton />
        <AlertBell />
        <span className="topbar-user">
          <UserAvatar user={user} />
          {fullName(user)}
        </span>
        <SignOutButton className="button button-ghost" />
      </div>
    </header>
  );
}
