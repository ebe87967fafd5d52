import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  useMatches,
  useSearch,
} from '@tanstack/react-router';
import { AuthGate } from './features/auth/auth-gate';
import { FamilyShell } from './shared/layout/family-shell';
import { LandingPage } from './features/auth/landing-page';
import { DIARY_ROUTES } from './routes/diary-routes';
import { useCurrentUser } from './shared/current-user';
import { AppShell } from './shared/layout/app-shell';
import { NotFoundPage } from './shared/not-found-page';

/**
 * Every screen needs a signed-in user and sits in the app shell behind the auth gate; routes
 * marked `staticData.public` (only /landing) render on their own, without the shell and without a session.
 */
function RootLayout() {
  const isPublic = useMatches({ select: (matches) => matches.some((match) => match.staticData.public === true) });
  if (isPublic) return <Outlet />;
  return (
    <AuthGate>
      <ShellForRole />
    </AuthGate>
  );
}

/** A family account gets the family portal's own frame and /family alone; staff get the app shell. */
function ShellForRole() {
  return useCurrentUser().role === 'family' ? <FamilyShell /> : <AppShell />;
}

/**
 * Code-based route tree: thin routes, the screens live in features/. No route has parameters.
 * Each screen is its own chunk, fetched when its route is first opened (or a link to it is hovered), so the first
 * load carries only the shell and the screen in view: recharts, TanStack Table and the screens' dialogs come later.
 * /landing stays in the entry chunk: it is where a visitor without a session arrives, and it is small.
 */
const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

const DashboardPage = lazyRouteComponent(() => import('./features/dashboard/dashboard-page'), 'DashboardPage');
const CarersPage = lazyRouteComponent(() => import('./features/carers/carers-page'), 'CarersPage');
const AdminPage = lazyRouteComponent(() => import('./features/admin/admin-page'), 'AdminPage');
const ClientsPage = lazyRouteComponent(() => import('./features/clients/clients-page'), 'ClientsPage');
const TrainingPage = lazyRouteComponent(() => import('./features/training/training-page'), 'TrainingPage');
const LeavePage = lazyRouteComponent(() => import('./features/leave/leave-page'), 'LeavePage');
const VoiceNotePage = lazyRouteComponent(() => import('./features/voice-notes/voice-note-page'), 'VoiceNotePage');
const SchedulingPage = lazyRouteComponent(() => import('./features/scheduling/scheduling-page'), 'SchedulingPage');
const ScheduleDayPage = lazyRouteComponent(
  () => import('./features/schedule-day/schedule-day-page'),
  'ScheduleDayPage',
);
const VisitsPage = lazyRouteComponent(() => import('./features/visits/visits-page'), 'VisitsPage');
const MonitoringPage = lazyRouteComponent(() => import('./features/monitoring/monitoring-page'), 'MonitoringPage');
const ManagePage = lazyRouteComponent(() => import('./features/manage/manage-page'), 'ManagePage');
const CheckInPage = lazyRouteComponent(() => import('./features/check-in/check-in-page'), 'CheckInPage');
const DiaryScreen = lazyRouteComponent(() => import('./routes/diary-screen'), 'DiaryScreen');
const DiaryWeeklyPage = lazyRouteComponent(() => import('./features/diary-views/weekly-page'), 'DiaryWeeklyPage');
const DiaryRosterPage = lazyRouteComponent(() => import('./features/diary-views/roster-page'), 'DiaryRosterPage');
const DiaryMonitoringPage = lazyRouteComponent(
  () => import('./features/diary-views/monitoring-page'),
  'DiaryMonitoringPage',
);
const DiaryTrainingPage = lazyRouteComponent(() => import('./features/diary-views/training-page'), 'DiaryTrainingPage');
const DiaryMapPage = lazyRouteComponent(() => import('./features/diary-views/map-page'), 'DiaryMapPage');
const DiaryLiveMapPage = lazyRouteComponent(() => import('./features/diary-views/map-page'), 'DiaryLiveMapPage');
/** The diary's own views, by route. */
const DIARY_VIEWS = {
  '/diary/weekly': DiaryWeeklyPage,
  '/diary/carer-roster': () => <DiaryRosterPage by="carer" />,
  '/diary/client-roster': () => <DiaryRosterPage by="client" />,
  '/diary/monitoring': DiaryMonitoringPage,
  '/diary/training': DiaryTrainingPage,
  '/diary/map': DiaryMapPage,
  '/diary/live-map': DiaryLiveMapPage,
} as const;
const SettingsPage = lazyRouteComponent(() => import('./features/settings/settings-page'), 'SettingsPage');
const EmergencyPage = lazyRouteComponent(() => import('./features/emergency/emergency-page'), 'EmergencyPage');
const AlertsPage = lazyRouteComponent(() => import('./features/alerts/alerts-page'), 'AlertsPage');
const TasksPage = lazyRouteComponent(() => import('./features/tasks/tasks-page'), 'TasksPage');
const IncidentsPage = lazyRouteComponent(() => import('./features/incidents/incidents-page'), 'IncidentsPage');
const ReportsPage = lazyRouteComponent(() => import('./features/reports/reports-page'), 'ReportsPage');
const FinancePage = lazyRouteComponent(() => import('./features/finance/finance-page'), 'FinancePage');
const AuditPage = lazyRouteComponent(() => import('./features/audit/audit-page'), 'AuditPage');
const CarePlansPage = lazyRouteComponent(() => import('./features/care-plans/care-plans-page'), 'CarePlansPage');
const MedicationsPage = lazyRouteComponent(() => import('./features/medications/medications-page'), 'MedicationsPage');
const FamilyPage = lazyRouteComponent(() => import('./features/family/family-page'), 'FamilyPage');

/**
 * `?<name>=true`: a list opened from a dashboard tile shows what its figure counts (/tasks?open=true,
 * /visits?unrecorded=true, /diary?welfare=true). Anything else is the list as usual.
 */
function flagSearch<N extends string>(name: N) {
  return (search: Record<string, unknown>): { [K in N]?: true } =>
    (search[name] === true || search[name] === 'true' ? { [name]: true } : {}) as { [K in N]?: true };
}

const dashboardRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: DashboardPage });
/** `?search=`: the list opens searched (the header's search opens a carer by its employee ID, a client by its ID). */
const searchParam = (search: Record<string, unknown>): { search?: string } =>
  typeof search.search === 'string' && search.search !== '' ? { search: search.search } : {};
const carersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/carers',
  validateSearch: searchParam,
  component: function CarersRoute() {
    const { search } = carersRoute.useSearch();
    // Keyed: opening another record from the header starts the list afresh.
    return <CarersPage key={search ?? ''} initialSearch={search} />;
  },
});
/** `?tab=settings` (the incidents screen's "set in Settings" link) opens that tab. */
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  validateSearch: (search: Record<string, unknown>): { tab?: string } =>
    typeof search.tab === 'string' ? { tab: search.tab } : {},
  component: function AdminRoute() {
    const { tab } = adminRoute.useSearch();
    return <AdminPage key={tab ?? ''} initialTab={tab} />;
  },
});
const clientsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/clients',
  validateSearch: searchParam,
  component: function ClientsRoute() {
    const { search } = clientsRoute.useSearch();
    return <ClientsPage key={search ?? ''} initialSearch={search} />;
  },
});
const trainingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/training', component: TrainingPage });
/** Carers' leave: their requests, and the office's decisions. */
const leaveRoute = createRoute({ getParentRoute: () => rootRoute, path: '/leave', component: LeavePage });
/** The user's own settings, and the carer's emergency screen. */
const shellScreenRoutes = [
  createRoute({ getParentRoute: () => rootRoute, path: '/settings', component: SettingsPage }),
  createRoute({ getParentRoute: () => rootRoute, path: '/emergency', component: EmergencyPage }),
];
const voiceNoteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/voice-notes/new',
  component: VoiceNotePage,
});

/** Operations. /visits/new is the carer's check-in. */
const operationsRoutes = (
  [
    ['/scheduling', SchedulingPage],
    ['/schedule-day', ScheduleDayPage],
    ['/monitoring', MonitoringPage],
    ['/manage', ManagePage],
    ['/check-in', CheckInPage],
    ['/visits/new', CheckInPage],
  ] as const
).map(([path, component]) => createRoute({ getParentRoute: () => rootRoute, path, component }));

/**
 * /appointments was a second address of the daily schedule: links to it (the dashboard's "View All", bookmarks)
 * go on to /schedule-day with their query, so the schedule has one address and the navigation one entry.
 */
const appointmentsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/appointments',
  beforeLoad: ({ location }) => {
    throw redirect({ to: '/schedule-day', search: location.search, replace: true });
  },
});

/** Visit Tracking; `?unrecorded=true` (the Unrecorded Visits tile) lists the visits with no check-out recorded. */
const visitsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/visits',
  validateSearch: flagSearch('unrecorded'),
  component: function VisitsRoute() {
    const { unrecorded } = visitsRoute.useSearch();
    return <VisitsPage unrecorded={unrecorded === true} />;
  },
});

/**
 * The diary and its sub-routes: each view (DIARY_VIEWS) has its own screen; /diary is the list.
 * `?welfare=true` (the Welfare Concerns tile) lists only the entries that figure counts.
 */
const diaryRoutes = DIARY_ROUTES.map(({ path }) => {
  const View = DIARY_VIEWS[path as keyof typeof DIARY_VIEWS];
  return View
    ? createRoute({ getParentRoute: () => rootRoute, path, component: View })
    : createRoute({
        getParentRoute: () => rootRoute,
        path,
        validateSearch: flagSearch('welfare'),
        component: function DiaryRoute() {
          const { welfare } = useSearch({ strict: false });
          return <DiaryScreen welfare={welfare === true} />;
        },
      });
});

/** Alerts: opened from the bell, the Alerts tile and the dashboard's Alerts blocks. */
const alertsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/alerts', component: AlertsPage });

/** Incident Management. */
const incidentsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/incidents', component: IncidentsPage });

/** To-do tasks; `?open=true` (the To Do Items tile) opens on the open ones. */
const tasksRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tasks',
  validateSearch: flagSearch('open'),
  component: function TasksRoute() {
    const { open } = tasksRoute.useSearch();
    // Keyed: following the tile from the page itself starts its filters afresh.
    return <TasksPage key={String(open === true)} open={open === true} />;
  },
});

/** Reports & Analytics. */
const reportsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/reports', component: ReportsPage });
const financeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/finance', component: FinancePage });
/** Audit and time travel: administrators and auditors. */
const auditRoute = createRoute({ getParentRoute: () => rootRoute, path: '/audit', component: AuditPage });
/** Care Planner. */
const carePlansRoute = createRoute({ getParentRoute: () => rootRoute, path: '/care-plans', component: CarePlansPage });
/** Medication Management and the eMAR. */
const medicationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/medications',
  component: MedicationsPage,
});

/** The family portal; `?client=<id>` opens one of the family member's clients. */
const familyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/family',
  validateSearch: (search: Record<string, unknown>): { client?: string } =>
    typeof search.client === 'string' && search.client !== '' ? { client: search.client } : {},
  component: function FamilyRoute() {
    const { client } = familyRoute.useSearch();
    return <FamilyPage clientId={client} />;
  },
});

/** `?reset=<token>`: the one-time link the server issues for a new password; `?invitation=<token>`: the family portal's. */
const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/landing',
  staticData: { public: true },
  validateSearch: (search: Record<string, unknown>): { reset?: string; invitation?: string } => ({
    ...(typeof search.reset === 'string' && search.reset !== '' ? { reset: search.reset } : {}),
    ...(typeof search.invitation === 'string' && search.invitation !== '' ? { invitation: search.invitation } : {}),
  }),
  component: function LandingRoute() {
    const { reset, invitation } = landingRoute.useSearch();
    return <LandingPage resetToken={reset} invitationToken={invitation} />;
  },
});

const routeTree = rootRoute.addChildren([
  dashboardRoute,
  carersRoute,
  clientsRoute,
  trainingRoute,
  leaveRoute,
  voiceNoteRoute,
  adminRoute,
  landingRoute,
  ...diaryRoutes,
  visitsRoute,
  alertsRoute,
  tasksRoute,
  incidentsRoute,
  reportsRoute,
  financeRoute,
  auditRoute,
  carePlansRoute,
  medicationsRoute,
  familyRoute,
  ...operationsRoutes,
  appointmentsRoute,
  ...shellScreenRoutes,
]);

// 'intent': a screen's chunk is fetched when a link to it is hovered or focused, so opening it rarely waits.
export const router = createRouter({ routeTree, scrollRestoration: true, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** Rendered without the app shell and without a session. */
    public?: boolean;
  }
}
