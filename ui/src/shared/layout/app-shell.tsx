import { CriticalAlertAnnouncer } from '../../features/alerts/critical-alert-news';
import { EmergencyBanner } from '../../features/emergency/emergency-banner';
import { useLiveUpdates } from '../live';
import { useOutboxSync } from '../offline/use-outbox';
import { useIsMobile } from '../use-is-mobile';
import { Outlet } from '@tanstack/react-router';
import { BackButton } from './back-button';
import { DesktopSidebar, DesktopTopbar } from './desktop-layout';
import { MobileBottomBar, MobileTopBar } from './mobile-layout';

/**
 * The root route's component: one of the two layouts (desktop and phone) around the current screen. The screen
 * keeps one place in the tree whichever layout is shown, so crossing 1024 px (a tablet turned, a window resized)
 * changes the chrome around it and keeps what the user was doing: the tab they chose, a half-filled form.
 */
export function AppShell() {
  useLiveUpdates();
  // The phone's records made without signal are sent from here, whichever screen is open.
  useOutboxSync();
  const mobile = useIsMobile();
  return (
    <>
      <div className={mobile ? 'mobile-shell' : 'desktop-shell'}>
        {mobile ? <MobileTopBar /> : <DesktopSidebar />}
        <div className={mobile ? 'mobile-main' : 'desktop-main'}>
          {mobile ? null : <DesktopTopbar />}
          <main className={mobile ? 'content mobile-content' : 'content'} id="main">
            {mobile ? <BackButton /> : null}
            <Outlet />
          </main>
        </div>
        {mobile ? <MobileBottomBar /> : null}
      </div>
      <EmergencyBanner />
      <CriticalAlertAnnouncer />
    </>
  );
}
