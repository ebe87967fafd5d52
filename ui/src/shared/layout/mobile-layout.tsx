import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { Menu, Search } from 'lucide-react';
import { Suspense, useState } from 'react';
import { BRAND } from '../brand';
import { lazyNamed } from '../lazy-named';
import { BackButton } from './back-button';
import { HeaderSearch } from './header-search';
import { isNavActive, MOBILE_TABS } from './nav-items';
import { TodayCountBadge } from '../../features/appointments/today-count-badge';
import { AlertBell } from '../../features/alerts/alert-bell';

const MobileMenu = lazyNamed(() => import('./mobile-menu'), 'MobileMenu');

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
        <Link to="/" className="brand-mark" aria-label={`${BRAND.mark}, ${BRAND.name} home`}>
          {BRAND.mark}
        </Link>
        <div className="mobile-topbar-end">
          <button type="button" className="icon-button" aria-label="Search" aria-expanded={searchOpen} onClick={() => setSearchOpen((open) => !open)}>
            <Search size={20} aria-hidden />
          </button>
          <AlertBell />
        </div>
      </header>
      {searchOpen && (
        <div className="mobile-search">
          <HeaderSearch autoFocus onDone={() => setSearchOpen(false)} />
        </div>
      )}
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu open onOpenChange={setMenuOpen} pathname={pathname} />
        </Suspense>
      )}
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
