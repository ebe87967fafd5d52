export * from './family-events';
export * from './family-request';
export type * from './family-view';
export * from './family-view-schema';
export * from './family-portal-view';
