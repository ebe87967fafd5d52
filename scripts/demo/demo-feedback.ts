import type { CreateFeedbackRequest } from '@care/events';

/**
 * Eight pieces of demo feedback of every type, the same every time (no randomness), sent through the
 * command API like any widget submission. Ratings only on positive feedback, as the widget allows.
 */
export function demoFeedback(): CreateFeedbackRequest[] {
  return [
    {
      type: 'positive',
      category: 'scheduling',
      message: 'The rota is much easier to read than our old spreadsheet.',
      rating: 5,
      page: '/scheduling',
    },
    {
      type: 'suggestion',
      category: 'care-plans',
      message: 'Could care plans show the date of the next review at the top?',
      page: '/care-plans',
    },
    {
      type: 'bug',
      category: 'medications',
      message: 'The medication list did not refresh after I recorded a dose until I reloaded the page.',
      page: '/medications',
    },
    {
      type: 'improvement',
      category: 'diary',
      message: 'Please let us filter diary entries by client as well as by date.',
      page: '/diary',
    },
    {
      type: 'positive',
      category: 'navigation',
      message: 'Quick feedback: this page works well.',
      rating: 4,
      page: '/',
    },
    {
      type: 'general',
      category: 'finance',
      message: 'Will invoices be exportable for our accountant?',
      page: '/finance',
    },
    {
      type: 'suggestion',
      category: 'incidents',
      message: 'A reminder when an incident has had no update for a week would help.',
      page: '/incidents',
    },
    {
      type: 'bug',
      category: 'performance',
      message: 'The carers list takes a few seconds to appear on my phone over 4G.',
      page: '/carers',
    },
  ];
}
