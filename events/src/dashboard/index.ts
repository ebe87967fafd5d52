export type * from './dashboard-view';
