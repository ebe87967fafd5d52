export * from './family-events';
export * from './family-request';
export type * from './family-view';
export * from './family-view-schema';
export * from './family-portal-view';
export * from './family-concern-events';
export * from './family-concern-request';
export * from './family-concern-view';
