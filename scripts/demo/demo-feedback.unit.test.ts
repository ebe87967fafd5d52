import { createFeedbackRequestSchema, FEEDBACK_TYPES } from '@care/events';
import { describe, expect, it } from 'vitest';
import { demoFeedback } from './demo-feedback';
import { decide } from '../../command-api/src/feedback/decide';
import { initialFeedbackState } from '../../command-api/src/feedback/feedback-state';

describe('demo feedback', () => {
  it('is 6 to 10 items of every type, the same every time', () => {
    const items = demoFeedback();
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(items.length).toBeLessThanOrEqual(10);
    expect(new Set(items.map((item) => item.type))).toEqual(new Set(FEEDBACK_TYPES));
    expect(demoFeedback()).toEqual(items);
  });

  it('passes the request schema and the command rules (ratings only on positive feedback)', () => {
    for (const item of demoFeedback()) {
      const input = createFeedbackRequestSchema.parse(item);
      const events = decide(
        {
          type: 'SubmitFeedback',
          id: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b',
          feedbackType: input.type,
          category: input.category,
          message: input.message,
          rating: input.rating ?? null,
          page: input.page,
        },
        initialFeedbackState,
      );
      expect(events).toHaveLength(1);
    }
  });
});
