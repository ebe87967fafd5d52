import { createFeedbackRequestSchema } from '@care/events';
import { describe, expect, it } from 'vitest';
import { checkFeedbackForm, DEFAULT_FEEDBACK_FORM, QUICK_FEEDBACK } from './feedback-form';

describe('the feedback form', () => {
  it('opens as suggestion, general, rating 5, no message', () => {
    expect(DEFAULT_FEEDBACK_FORM).toEqual({ type: 'suggestion', category: 'general', message: '', rating: 5 });
  });

  it('reports a blank or whitespace-only message as "Message Required", so nothing is sent', () => {
    for (const message of ['', '  \n\t ']) {
      expect(checkFeedbackForm({ ...DEFAULT_FEEDBACK_FORM, message }, '/carers')).toEqual({
        ok: false,
        messageRequired: true,
      });
    }
  });

  it('sends the rating only with positive feedback', () => {
    const positive = checkFeedbackForm(
      { ...DEFAULT_FEEDBACK_FORM, type: 'positive', rating: 3, message: 'Lovely' },
      '/',
    );
    expect(positive).toEqual({
      ok: true,
      request: { type: 'positive', category: 'general', message: 'Lovely', rating: 3, page: '/' },
    });
    const bug = checkFeedbackForm({ ...DEFAULT_FEEDBACK_FORM, type: 'bug', rating: 3, message: 'Broken' }, '/diary');
    expect(bug).toEqual({
      ok: true,
      request: { type: 'bug', category: 'general', message: 'Broken', rating: null, page: '/diary' },
    });
  });

  it('has quick presets the server accepts, rated only when positive', () => {
    for (const preset of Object.values(QUICK_FEEDBACK)) {
      expect(createFeedbackRequestSchema.safeParse({ ...preset, page: '/' }).success).toBe(true);
      expect(preset.rating === null).toBe(preset.type !== 'positive');
    }
    expect(QUICK_FEEDBACK.good).toMatchObject({ type: 'positive', category: 'general', rating: 5 });
    expect(QUICK_FEEDBACK.suggest).toMatchObject({ type: 'suggestion', category: 'general' });
  });
});
