export * from './search-request';
export type * from './search-view';
