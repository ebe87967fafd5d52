/** Stub: the feedback widget (spec part 2 "Feedback widget"), fixed at the bottom right for a signed-in user. */
export function FeedbackWidget() {
  return null;
}
