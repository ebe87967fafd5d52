import { Link, useRouterState } from '@tanstack/react-router';
import { Menu, Search } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { BRAND } from '../brand';
import { lazyNamed } from '../lazy-named';
import { LazyAccessibilityDialog } from './accessibility-button';
import { HeaderSearch } from './header-search';
import { ConnectionBadge, OutboxSummary } from '../offline/connection-status';
import { isNavActive, MOBILE_TABS } from './nav-items';
import { TodayCountBadge } from '../../features/appointments/today-count-badge';
import { AlertBell } from '../../features/alerts/alert-bell';
import { LazyFeedbackDialog } from '../../features/feedback/feedback-button';

const MobileMenu = lazyNamed(() => import('./mobile-menu'), 'MobileMenu');

/** The phone's top bar: menu, the brand mark, search and the bell, with the menu and search they open. */
export function MobileTopBar() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  // The phone's top bar has no room for it: the menu opens the accessibility settings, and focus comes
  // back to the menu button when they close.
  const [accessibilityOpen, setAccessibilityOpen] = useState(false);
  // Likewise the full feedback form, opened from the menu's Feedback section.
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <>
      <header className="mobile-topbar">
        <button
          ref={menuButton}
          type="button"
          className="icon-button"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <Menu size={22} aria-hidden />
        </button>
        <Link to="/" className="brand-mark">
          {BRAND.mark}
          {/* The visible mark starts the link's name (WCAG 2.5.3). */}
          <span className="sr-only"> {BRAND.name} home</span>
        </Link>
        <div className="mobile-topbar-end">
          <ConnectionBadge />
          <button
            type="button"
            className="icon-button"
            aria-label="Search"
            aria-expanded={searchOpen}
            onClick={() => setSearchOpen((open) => !open)}
          >
            <Search size={20} aria-hidden />
          </button>
          <AlertBell />
        </div>
      </header>
      <div className="mobile-outbox-row">
        <OutboxSummary />
      </div>
      {searchOpen && (
        <div className="mobile-search">
          <HeaderSearch autoFocus onDone={() => setSearchOpen(false)} />
        </div>
      )}
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu
            open
            onOpenChange={setMenuOpen}
            pathname={pathname}
            onOpenAccessibility={() => {
              setMenuOpen(false);
              setAccessibilityOpen(true);
            }}
            onOpenFeedback={() => {
              setMenuOpen(false);
              setFeedbackOpen(true);
            }}
          />
        </Suspense>
      )}
      {accessibilityOpen && <LazyAccessibilityDialog onOpenChange={setAccessibilityOpen} opener={menuButton} />}
      {feedbackOpen && (
        <Suspense fallback={null}>
          <LazyFeedbackDialog open onOpenChange={setFeedbackOpen} opener={menuButton} />
        </Suspense>
      )}
    </>
  );
}

/** The phone's bottom tabs, the schedule's with today's count. */
export function MobileBottomBar() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <nav className="bottom-bar" aria-label="Quick navigation">
      {MOBILE_TABS.map(({ label, to, also, icon: Icon }) => {
        const active = isNavActive(pathname, { to, also });
        return (
          <Link
            key={to}
            to={to}
            className={`bottom-tab${active ? ' active' : ''}`}
            aria-current={active ? 'page' : undefined}
          >
            <span className="bottom-tab-icon">
              <Icon size={20} aria-hidden />
              {to === '/scheduling' && <TodayCountBadge />}
            </span>
            <span>{label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
