import { describe, expect, it } from 'vitest';
import { createFeedbackRequestSchema, updateFeedbackRequestSchema } from './feedback-request';

const valid = { type: 'suggestion', category: 'general', message: 'Please add a dark mode.', page: '/carers' };
/** The first message per field, as the API's 400 reply gives them. */
function fieldErrors(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined }) {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('createFeedbackRequestSchema', () => {
  it('accepts the widget payload, trimming the message and page', () => {
    const parsed = createFeedbackRequestSchema.parse({
      ...valid,
      message: '  Dark mode please  ',
      page: ' /carers ',
      rating: null,
    });
    expect(parsed).toEqual({
      type: 'suggestion',
      category: 'general',
      message: 'Dark mode please',
      page: '/carers',
      rating: null,
    });
  });

  it('refuses a blank or whitespace-only message with the words the widget shows', () => {
    for (const message of ['', '   \n ', undefined]) {
      expect(fieldErrors(createFeedbackRequestSchema.safeParse({ ...valid, message }))).toEqual({
        message: 'Please enter your feedback message.',
      });
    }
  });

  it('enforces the length limits: type and category 50, page 200, message 5000', () => {
    const result = createFeedbackRequestSchema.safeParse({
      type: 'x'.repeat(51),
      category: 'y'.repeat(51),
      message: 'm'.repeat(5001),
      page: `/${'p'.repeat(200)}`,
    });
    expect(fieldErrors(result)).toEqual({
      type: 'Must be at most 50 characters',
      category: 'Must be at most 50 characters',
      message: 'Must be at most 5000 characters',
      page: 'Must be at most 200 characters',
    });
    expect(
      createFeedbackRequestSchema.safeParse({ ...valid, page: `/${'p'.repeat(199)}`, message: 'm'.repeat(5000) })
        .success,
    ).toBe(true);
  });

  it('accepts only the known types and categories', () => {
    expect(fieldErrors(createFeedbackRequestSchema.safeParse({ ...valid, type: 'praise', category: 'rota' }))).toEqual({
      type: 'Type must be one of: suggestion, bug, positive, improvement, general',
      category:
        'Category must be one of: general, scheduling, care-plans, finance, medications, incidents, diary, navigation, performance',
    });
  });

  it('takes a rating from 1 to 5, whole numbers only', () => {
    for (const rating of [1, 5])
      expect(createFeedbackRequestSchema.safeParse({ ...valid, type: 'positive', rating }).success).toBe(true);
    for (const rating of [0, 6, 2.5, '4']) {
      expect(fieldErrors(createFeedbackRequestSchema.safeParse({ ...valid, type: 'positive', rating }))).toEqual({
        rating: 'Rating must be a whole number from 1 to 5',
      });
    }
  });

  it('wants the page as a path', () => {
    expect(
      fieldErrors(createFeedbackRequestSchema.safeParse({ ...valid, page: 'https://elsewhere.example/' })),
    ).toEqual({
      page: 'Page must be a path starting with /',
    });
    expect(fieldErrors(createFeedbackRequestSchema.safeParse({ ...valid, page: ' ' }))).toEqual({
      page: 'Page is required',
    });
  });
});

describe('updateFeedbackRequestSchema', () => {
  it('takes a status and notes, and reads blank notes as "clear them"', () => {
    expect(updateFeedbackRequestSchema.parse({ status: 'in_review', adminNotes: ' Looking into it ' })).toEqual({
      status: 'in_review',
      adminNotes: 'Looking into it',
    });
    expect(updateFeedbackRequestSchema.parse({ adminNotes: '  ' })).toEqual({ adminNotes: null });
    expect(updateFeedbackRequestSchema.parse({})).toEqual({});
  });

  it('refuses an unknown status, a status over 20 characters and notes over 2000 characters', () => {
    expect(
      fieldErrors(updateFeedbackRequestSchema.safeParse({ status: 'done', adminNotes: 'n'.repeat(2001) })),
    ).toEqual({
      status: 'Status must be one of: open, in_review, planned, resolved, closed',
      adminNotes: 'Must be at most 2000 characters',
    });
    expect(fieldErrors(updateFeedbackRequestSchema.safeParse({ status: 's'.repeat(21) }))).toEqual({
      status: 'Must be at most 20 characters',
    });
  });
});
