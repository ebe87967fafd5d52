/** The full-screen spinner (authentication loading, and while a lost session redirects). */
export function FullScreenSpinner() {
  return (
    <div className="fullscreen-center" role="status" aria-live="polite" data-testid="auth-spinner">
      <span className="spinner" aria-hidden />
      <span className="sr-only">Loading...</span>
    </div>
  );
}
