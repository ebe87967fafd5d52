import { useSyncExternalStore } from 'react';

/** The mobile layout applies under 1024 px and switches live on resize. */
const MOBILE_QUERY = '(max-width: 1023.98px)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(MOBILE_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(MOBILE_QUERY).matches);
}
