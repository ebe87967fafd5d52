import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { CarersPage } from './features/carers/carers-page';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { COMING_SOON_ROUTES } from './routes/coming-soon-routes';
import { ComingSoonPage } from './shared/coming-soon-page';
import { AppShell } from './shared/layout/app-shell';
import { NotFoundPage } from './shared/not-found-page';

/** Code-based route tree: thin routes, the screens live in features/. No route has parameters (spec 2.1). */
const rootRoute = createRootRoute({
  component: AppShell,
  notFoundComponent: NotFoundPage,
});

const dashboardRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: DashboardPage });
const carersRoute = createRoute({ getParentRoute: () => rootRoute, path: '/carers', component: CarersPage });

const comingSoonRoutes = COMING_SOON_ROUTES.map(({ path, title }) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: () => <ComingSoonPage title={title} /> }),
);

const routeTree = rootRoute.addChildren([dashboardRoute, carersRoute, ...comingSoonRoutes]);

export const router = createRouter({ routeTree, scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
