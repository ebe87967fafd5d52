import { Link, useNavigate } from '@tanstack/react-router';
import { RecordVoiceNotePanel } from './record-voice-note-panel';
import './voice-notes.css';

/** /voice-notes/new (the mobile menu's "Voice Note" quick action): the recorder on a page of its own. */
export function VoiceNotePage() {
  const navigate = useNavigate();
  return (
    <section className="page voice-note-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Record Voice Note</h1>
          <p className="page-subtitle">
            <span>
              Saved notes are listed on the{' '}
              <Link to="/diary" className="voice-note-link">
                Care Diary
              </Link>
              .
            </span>
          </p>
        </div>
      </div>
      <div className="card voice-note-page-card">
        <RecordVoiceNotePanel onSaved={() => void navigate({ to: '/diary' })} />
      </div>
    </section>
  );
}
