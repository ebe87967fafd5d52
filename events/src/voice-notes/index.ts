export * from './voice-note-events';
