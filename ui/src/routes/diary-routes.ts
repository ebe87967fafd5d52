/**
 * The diary navigation bar: tab label and route, in the bar's order.
 */
export const DIARY_ROUTES = [
  { path: '/diary', label: 'Diary' },
  { path: '/diary/weekly', label: 'Weekly' },
  { path: '/diary/carer-roster', label: 'By Carer' },
  { path: '/diary/client-roster', label: 'By Client' },
  { path: '/diary/monitoring', label: 'Monitoring' },
  { path: '/diary/training', label: 'Training' },
  { path: '/diary/map', label: 'Map' },
  { path: '/diary/live-map', label: 'Live Map' },
] as const;
