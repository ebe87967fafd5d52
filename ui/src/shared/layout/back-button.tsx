import { useRouter, useRouterState } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';

/** History back, on every page except the dashboard. */
export function BackButton() {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  if (pathname === '/') return null;
  return (
    <button type="button" className="button button-ghost back-button" onClick={() => router.history.back()}>
      <ArrowLeft size={16} aria-hidden />
      Back
    </button>
  );
}
