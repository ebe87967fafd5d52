/**
 * Screens of later issues (spec part 1 section 2.1, part 2 route table): route to the screen's title.
 * Each one renders the shared "Coming soon" page until its feature arrives.
 */
export const COMING_SOON_ROUTES = [
  { path: '/scheduling', title: 'Scheduling & Rotas' },
  { path: '/schedule-day', title: 'Daily Schedule' },
  { path: '/visits', title: 'Visit Tracking' },
  { path: '/visits/new', title: 'New Visit' },
  { path: '/care-plans', title: 'Care Planner' },
  { path: '/medications', title: 'Medication Management' },
  { path: '/finance', title: 'Financial Management' },
  { path: '/incidents', title: 'Incident Management' },
  { path: '/manage', title: 'Manage Care Operations' },
  { path: '/monitoring', title: 'Care Monitoring' },
  { path: '/reports', title: 'Reports & Analytics' },
  { path: '/settings', title: 'Settings' },
  { path: '/appointments', title: 'Appointments' },
  { path: '/emergency', title: 'Emergency' },
  { path: '/check-in', title: 'Check In' },
] as const;
