/** Stub: the admin panel's feedback list (status and admin notes). */
export function FeedbackTab() {
  return null;
}
