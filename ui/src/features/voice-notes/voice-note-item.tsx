import type { VoiceNoteView } from '@care/events';
import { Lock, Trash2 } from 'lucide-react';
import { fullName } from '../../shared/current-user';
import { formatDateTime, humanize } from '../../shared/format';
import { formatDuration } from './format-duration';

interface VoiceNoteItemProps {
  note: VoiceNoteView;
  canDelete: boolean;
  deleting: boolean;
  onDelete: (note: VoiceNoteView) => void;
}

/** One note: what it is, who recorded it and when, how long, and a player that loads only its metadata up front. */
export function VoiceNoteItem({ note, canDelete, deleting, onDelete }: VoiceNoteItemProps) {
  const author = note.author ? fullName(note.author) : 'Unknown user';
  return (
    <li className="voice-note" data-testid="voice-note">
      <div className="voice-note-header">
        <div className="voice-note-heading">
          <h3 className="voice-note-title">{note.title}</h3>
          <p className="voice-note-meta">
            <span>{author}</span>
            <span aria-hidden>·</span>
            <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
            <span aria-hidden>·</span>
            <span aria-label={`Length ${formatDuration(note.duration)}`}>{formatDuration(note.duration)}</span>
          </p>
        </div>
        <div className="voice-note-badges">
          <span className={`badge voice-note-priority-${note.priority}`}>{note.priority}</span>
          <span className="badge badge-muted">{humanize(note.category)}</span>
          {note.isPrivate && (
            <span className="badge badge-muted">
              <Lock size={12} aria-hidden />
              Private
            </span>
          )}
        </div>
      </div>
      <div className="voice-note-player">
        <audio controls preload="metadata" src={note.audioUrl} aria-label={`Play ${note.title}`} />
        {canDelete && (
          <button
            type="button"
            className="icon-button"
            aria-label={`Delete ${note.title}`}
            onClick={() => onDelete(note)}
            disabled={deleting}
          >
            <Trash2 size={16} aria-hidden />
          </button>
        )}
      </div>
      {note.tags.length > 0 && (
        <ul className="chips" aria-label="Tags">
          {note.tags.map((tag) => (
            <li key={tag} className="chip">
              {tag}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
