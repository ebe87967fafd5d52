export * from './client-events';
export * from './client-id-events';
export * from './client-request';
export * from './client-view';
