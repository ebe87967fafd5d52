import type { FeedbackCategory, FeedbackStatus, FeedbackType } from '../enums';

/** Readable names for the feedback enumerations (the widget's selects and the admin list). */
export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, string> = {
  suggestion: 'Suggestion',
  bug: 'Bug report',
  positive: 'Positive',
  improvement: 'Improvement',
  general: 'General',
};

export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  general: 'General',
  scheduling: 'Scheduling',
  'care-plans': 'Care plans',
  finance: 'Finance',
  medications: 'Medications',
  incidents: 'Incidents',
  diary: 'Diary',
  navigation: 'Navigation',
  performance: 'Performance',
};

export const FEEDBACK_STATUS_LABELS: Record<FeedbackStatus, string> = {
  open: 'Open',
  in_review: 'In review',
  planned: 'Planned',
  resolved: 'Resolved',
  closed: 'Closed',
};
