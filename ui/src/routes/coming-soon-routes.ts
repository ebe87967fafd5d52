/**
 * Screens of later issues (spec part 1 section 2.1, part 2 route table): route to the screen's title.
 * Each one renders the shared "Coming soon" page until its feature arrives.
 */
export const COMING_SOON_ROUTES = [
  { path: '/medications', title: 'Medication Management' },
  { path: '/finance', title: 'Financial Management' },
  { path: '/incidents', title: 'Incident Management' },
  { path: '/reports', title: 'Reports & Analytics' },
] as const;
