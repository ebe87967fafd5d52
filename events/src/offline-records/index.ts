export * from './offline-record-events';
export * from './offline-record-request';
