/* The admin screen's feedback tab triages feedback with the feedback feature's own notes and status controls. */
export { AdminNotesEditor } from './admin-notes-editor';
export { FeedbackStatusSelect } from './feedback-status-select';
