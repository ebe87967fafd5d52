export * from './feedback-events';
