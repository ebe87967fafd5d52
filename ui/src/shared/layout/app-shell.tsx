import { EmergencyBanner } from '../../features/emergency/emergency-banner';
import { FeedbackWidget } from '../../features/feedback/feedback-widget';
import { useLiveUpdates } from '../live';
import { useIsMobile } from '../use-is-mobile';
import { DesktopLayout } from './desktop-layout';
import { MobileLayout } from './mobile-layout';

/** The root route's component: one of the two layouts (spec 2.2, 2.3, 2.7) around the current screen. */
export function AppShell() {
  useLiveUpdates();
  return (
    <>
      {useIsMobile() ? <MobileLayout /> : <DesktopLayout />}
      <FeedbackWidget />
      <EmergencyBanner />
    </>
  );
}
