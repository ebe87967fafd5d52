/**
 * Why the sign-in page opened: a session that ended under an open screen (it expired, the account was switched off,
 * or a family member's last access was withdrawn) leaves a mark for the page after the redirect, which says so in
 * words instead of a toast that vanishes with the page.
 */
const KEY = 'signedOutNotice';

export function markSignedOut(): void {
  try {
    window.sessionStorage.setItem(KEY, '1');
  } catch {
    // storage blocked: the sign-in page opens without the notice
  }
}

/** Whether a session just ended under an open screen; the mark is spent on reading. */
export function takeSignedOutNotice(): boolean {
  try {
    const marked = window.sessionStorage.getItem(KEY) === '1';
    window.sessionStorage.removeItem(KEY);
    return marked;
  } catch {
    return false;
  }
}
