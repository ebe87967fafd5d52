export * from './carer-suggestion-view';
