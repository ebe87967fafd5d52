import { createRootRoute, createRoute, createRouter, Outlet, useMatches } from '@tanstack/react-router';
import { AdminPage } from './features/admin/admin-page';
import { AuthGate } from './features/auth/auth-gate';
import { LandingPage } from './features/auth/landing-page';
import { CarersPage } from './features/carers/carers-page';
import { CheckInPage } from './features/check-in/check-in-page';
import { ManagePage } from './features/manage/manage-page';
import { MonitoringPage } from './features/monitoring/monitoring-page';
import { ScheduleDayPage } from './features/schedule-day/schedule-day-page';
import { SchedulingPage } from './features/scheduling/scheduling-page';
import { VisitsPage } from './features/visits/visits-page';
import { ClientsPage } from './features/clients/clients-page';
import { DiaryPage } from './features/diary/diary-page';
import { TrainingPage } from './features/training/training-page';
import { VoiceNotePage } from './features/voice-notes/voice-note-page';
import { VoiceNotesSection } from './features/voice-notes/voice-notes-section';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { COMING_SOON_ROUTES } from './routes/coming-soon-routes';
import { DIARY_ROUTES } from './routes/diary-routes';
import { ComingSoonPage } from './shared/coming-soon-page';
import { AppShell } from './shared/layout/app-shell';
import { NotFoundPage } from './shared/not-found-page';

/**
 * Every screen needs a session (spec part 1 section 6) and sits in the app shell behind the auth gate; routes
 * marked `staticData.public` (only /landing) render on their own, without the shell and without a session.
 */
function RootLayout() {
  const isPublic = useMatches({ select: (matches) => matches.some((match) => match.staticData.public === true) });
  if (isPublic) return <Outlet />;
  return (
    <AuthGate>
      <AppShell />
    </AuthGate>
  );
}

/** Code-based route tree: thin routes, the screens live in features/. No route has parameters (spec 2.1). */
const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

const dashboardRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: DashboardPage });
const carersRoute = createRoute({ getParentRoute: () => rootRoute, path: '/carers', component: CarersPage });
const adminRoute = createRoute({ getParentRoute: () => rootRoute, path: '/admin', component: AdminPage });
const clientsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/clients', component: ClientsPage });
const trainingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/training', component: TrainingPage });
const voiceNoteRoute = createRoute({ getParentRoute: () => rootRoute, path: '/voice-notes/new', component: VoiceNotePage });

/** Operations (issue 5). /appointments (dashboard "View All") is the daily schedule; /visits/new is the carer's check-in. */
const operationsRoutes = (
  [
    ['/scheduling', SchedulingPage],
    ['/schedule-day', ScheduleDayPage],
    ['/appointments', ScheduleDayPage],
    ['/visits', VisitsPage],
    ['/monitoring', MonitoringPage],
    ['/manage', ManagePage],
    ['/check-in', CheckInPage],
    ['/visits/new', CheckInPage],
  ] as const
).map(([path, component]) => createRoute({ getParentRoute: () => rootRoute, path, component }));

/** The diary and its sub-routes: until their own screens arrive, each shows the diary list under the diary bar. */
const diaryRoutes = DIARY_ROUTES.map(({ path }) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: () => <DiaryPage voiceNotes={<VoiceNotesSection />} /> }),
);

/** `?reset=<token>`: the one-time link the server issues for a new password. */
const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/landing',
  staticData: { public: true },
  validateSearch: (search: Record<string, unknown>): { reset?: string } =>
    typeof search.reset === 'string' && search.reset !== '' ? { reset: search.reset } : {},
  component: function LandingRoute() {
    const { reset } = landingRoute.useSearch();
    return <LandingPage resetToken={reset} />;
  },
});

const comingSoonRoutes = COMING_SOON_ROUTES.map(({ path, title }) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: () => <ComingSoonPage title={title} /> }),
);

const routeTree = rootRoute.addChildren([
  dashboardRoute,
  carersRoute,
  clientsRoute,
  trainingRoute,
  voiceNoteRoute,
  adminRoute,
  landingRoute,
  ...diaryRoutes,
  ...operationsRoutes,
  ...comingSoonRoutes,
]);

export const router = createRouter({ routeTree, scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** Rendered without the app shell and without a session. */
    public?: boolean;
  }
}
