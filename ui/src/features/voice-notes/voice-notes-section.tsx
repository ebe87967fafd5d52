import { can, type VoiceNoteView } from '@care/events';
import { Mic } from 'lucide-react';
import { useId, useState } from 'react';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { useCurrentUser } from '../../shared/current-user';
import { useDeleteVoiceNote } from './delete-voice-note';
import { useVoiceNotes } from './get-voice-notes';
import { RecordVoiceNotePanel } from './record-voice-note-panel';
import { VoiceNoteItem } from './voice-note-item';
import './voice-notes.css';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { FormDialog } from '../../shared/form-dialog';

/** Voice notes on the diary screen: the list with a player each, and "Record Voice Note" in a dialog. */
export function VoiceNotesSection() {
  const headingId = useId();
  const user = useCurrentUser();
  const notes = useVoiceNotes();
  const deleteNote = useDeleteVoiceNote();
  const [recording, setRecording] = useState(false);
  const canRecord = can(user.role, 'diary.write');
  const canDelete = (note: VoiceNoteView) => note.userId === user.id || can(user.role, 'diary.review');
  // The note the delete confirmation asks about, while it is open.
  const [confirming, setConfirming] = useState<VoiceNoteView>();

  return (
    <section className="voice-notes" aria-labelledby={headingId}>
      <div className="voice-notes-header">
        <h2 id={headingId} className="voice-notes-title">
          Voice Notes
        </h2>
        {canRecord && (
          <button type="button" className="button button-primary" onClick={() => setRecording(true)}>
            <Mic size={16} aria-hidden />
            Record Voice Note
          </button>
        )}
      </div>

      {notes.isPending ? (
        <ListLoading what="voice notes" />
      ) : notes.isError ? (
        <ListLoadError what="voice notes" error={notes.error} onRetry={() => void notes.refetch()} />
      ) : notes.items.length === 0 ? (
        <div className="card empty-state">
          <Mic size={36} aria-hidden className="empty-icon" />
          <p>No voice notes yet.</p>
        </div>
      ) : (
        <>
          <ul className="voice-note-list card" aria-labelledby={headingId}>
            {notes.items.map((note) => (
              <VoiceNoteItem
                key={note.id}
                note={note}
                canDelete={canDelete(note)}
                deleting={deleteNote.isPending && deleteNote.variables?.id === note.id}
                onDelete={setConfirming}
              />
            ))}
          </ul>
          <LoadMore
            shown={notes.items.length}
            total={notes.total}
            hasMore={notes.hasNextPage}
            loading={notes.isFetchingNextPage}
            onLoadMore={() => void notes.fetchNextPage()}
          />
        </>
      )}

      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(open) => !open && setConfirming(undefined)}
        title={`Delete voice note "${confirming?.title ?? ''}"?`}
        confirmLabel="Delete voice note"
        onConfirm={() => confirming && deleteNote.mutate(confirming)}
      >
        <p>The recording is removed from the diary. This cannot be undone.</p>
      </ConfirmDialog>

      {canRecord && (
        <FormDialog open={recording} onOpenChange={setRecording} title="Record Voice Note">
          {/* Closing the dialog unmounts the recorder, which stops it and frees the microphone. */}
          <RecordVoiceNotePanel onSaved={() => setRecording(false)} />
        </FormDialog>
      )}
    </section>
  );
}
