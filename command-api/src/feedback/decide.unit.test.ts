import type { FeedbackSliceEvent, FeedbackStatus } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import { decide } from './decide';
import type { FeedbackCommand } from './feedback-commands';
import { evolve, initialFeedbackState, type FeedbackState } from './feedback-state';

const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';

const submit = (overrides: Partial<Extract<FeedbackCommand, { type: 'SubmitFeedback' }>> = {}): FeedbackCommand => ({
  type: 'SubmitFeedback',
  id,
  feedbackType: 'suggestion',
  category: 'general',
  message: 'Please add a dark mode.',
  rating: null,
  page: '/carers',
  ...overrides,
});

const review = (status: FeedbackStatus | undefined, adminNotes?: string | null): FeedbackCommand => ({
  type: 'ReviewFeedback',
  id,
  status,
  adminNotes,
});

const submitted: FeedbackSliceEvent = {
  type: 'FeedbackSubmitted',
  data: {
    id,
    type: 'suggestion',
    category: 'general',
    message: 'Please add a dark mode.',
    rating: null,
    page: '/carers',
  },
};

/** Given past events, when a command, then the new events or the refusal. */
function given(...events: FeedbackSliceEvent[]) {
  const state = events.reduce<FeedbackState>(evolve, initialFeedbackState);
  return {
    when: (command: FeedbackCommand) => ({
      then: (expected: FeedbackSliceEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenRefused: () => refusal(() => decide(command, state)),
    }),
  };
}

describe('decide: SubmitFeedback', () => {
  it('records new feedback with what the user sent', () => {
    given().when(submit()).then([submitted]);
  });

  it('keeps the rating of positive feedback', () => {
    given()
      .when(submit({ feedbackType: 'positive', rating: 4, message: 'Good' }))
      .then([
        {
          type: 'FeedbackSubmitted',
          data: { id, type: 'positive', category: 'general', message: 'Good', rating: 4, page: '/carers' },
        },
      ]);
  });

  it('accepts positive feedback without a rating', () => {
    given()
      .when(submit({ feedbackType: 'positive', rating: null }))
      .then([
        {
          type: 'FeedbackSubmitted',
          data: {
            id,
            type: 'positive',
            category: 'general',
            message: 'Please add a dark mode.',
            rating: null,
            page: '/carers',
          },
        },
      ]);
  });

  it.each(['suggestion', 'bug', 'improvement', 'general'] as const)(
    'refuses a rating with %s feedback, naming the field',
    (feedbackType) => {
      expect(
        given()
          .when(submit({ feedbackType, rating: 5 }))
          .thenRefused(),
      ).toEqual({
        kind: 'invalid',
        message: 'A rating is only given with positive feedback',
        field: 'rating',
      });
    },
  );

  it('refuses to submit the same feedback twice', () => {
    expect(given(submitted).when(submit()).thenRefused()).toMatchObject({ kind: 'conflict' });
  });
});

describe('decide: ReviewFeedback', () => {
  it('changes the status', () => {
    given(submitted)
      .when(review('in_review'))
      .then([{ type: 'FeedbackStatusChanged', data: { id, status: 'in_review' } }]);
  });

  it('records admin notes, and a status change with them, in one command', () => {
    given(submitted)
      .when(review('planned', 'On the roadmap for May.'))
      .then([
        { type: 'FeedbackStatusChanged', data: { id, status: 'planned' } },
        { type: 'FeedbackAdminNotesChanged', data: { id, adminNotes: 'On the roadmap for May.' } },
      ]);
  });

  it('records nothing when the status is already the one asked for (new feedback is open)', () => {
    given(submitted).when(review('open')).then([]);
    given(submitted, { type: 'FeedbackStatusChanged', data: { id, status: 'resolved' } })
      .when(review('resolved'))
      .then([]);
  });

  it('records nothing when the notes are unchanged, and clears notes with null', () => {
    const noted: FeedbackSliceEvent = {
      type: 'FeedbackAdminNotesChanged',
      data: { id, adminNotes: 'Asked for details.' },
    };
    given(submitted, noted).when(review(undefined, 'Asked for details.')).then([]);
    given(submitted, noted)
      .when(review(undefined, null))
      .then([{ type: 'FeedbackAdminNotesChanged', data: { id, adminNotes: null } }]);
    given(submitted).when(review(undefined, null)).then([]);
  });

  it('records nothing when the request changes nothing', () => {
    given(submitted).when(review(undefined, undefined)).then([]);
  });

  it('refuses unknown feedback as not found', () => {
    expect(given().when(review('closed')).thenRefused()).toEqual({
      kind: 'not_found',
      message: 'Feedback not found',
      field: undefined,
    });
  });
});
