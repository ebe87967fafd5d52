export * from './voice-note-events';
export * from './voice-note-limits';
export * from './voice-note-request';
export type * from './voice-note-view';
