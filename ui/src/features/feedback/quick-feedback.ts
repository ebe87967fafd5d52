import type { CreateFeedbackRequest } from '@care/events';

/* The quick choices' own constants, apart from the form and its schema, which load only when the form is opened. */

/**
 * The quick buttons send at once with a preset message, skipping the message check. Good is positive with the top
 * rating; Suggest flags the page for a suggestion.
 */
export const QUICK_FEEDBACK = {
  good: { type: 'positive', category: 'general', message: 'Quick feedback: this page works well.', rating: 5 },
  suggest: {
    type: 'suggestion',
    category: 'general',
    message: 'Quick feedback: I have a suggestion for this page.',
    rating: null,
  },
} as const satisfies Record<string, Omit<CreateFeedbackRequest, 'page'>>;

/** The page field: the path the user is on. */
export const currentPage = (): string => window.location.pathname || '/';
