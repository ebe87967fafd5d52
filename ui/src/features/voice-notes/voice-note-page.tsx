import { ComingSoonPage } from '../../shared/coming-soon-page';

/** Stub: /voice-notes/new, a page with the recorder. */
export function VoiceNotePage() {
  return <ComingSoonPage title="Voice Note" />;
}
