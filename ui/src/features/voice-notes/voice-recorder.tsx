import { VOICE_NOTE_MAX_SECONDS, VOICE_NOTE_WARNING_SECONDS } from '@care/events';
import { Mic, Square } from 'lucide-react';
import { formatDuration } from './format-duration';
import { useVoiceRecorder, type Recording } from './use-voice-recorder';

const SECONDS_LEFT_AT_WARNING = VOICE_NOTE_MAX_SECONDS - VOICE_NOTE_WARNING_SECONDS;

/**
 * Start and stop, the clock against the 05:00 maximum, and the warning at 80 percent.
 * Hands the finished recording to `onRecorded`.
 */
export function VoiceRecorder({ onRecorded }: { onRecorded: (recording: Recording) => void }) {
  const { status, elapsedMs, start, stop } = useVoiceRecorder(onRecorded);
  const elapsedSeconds = Math.min(VOICE_NOTE_MAX_SECONDS, elapsedMs / 1000);
  const recording = status === 'recording';
  const warn = recording && elapsedSeconds >= VOICE_NOTE_WARNING_SECONDS;

  return (
    <div className={`voice-recorder${recording ? ' voice-recorder-live' : ''}`}>
      <div className="voice-recorder-clock">
        <span className="voice-recorder-dot" aria-hidden />
        <span role="timer" aria-label="Recording time" data-testid="recording-time">
          {formatDuration(elapsedSeconds)}
        </span>
        <span className="muted"> / {formatDuration(VOICE_NOTE_MAX_SECONDS)}</span>
      </div>
      <div
        className="voice-recorder-progress"
        role="progressbar"
        aria-label="Recording length"
        aria-valuemin={0}
        aria-valuemax={VOICE_NOTE_MAX_SECONDS}
        aria-valuenow={Math.floor(elapsedSeconds)}
      >
        <span style={{ width: `${(elapsedSeconds / VOICE_NOTE_MAX_SECONDS) * 100}%` }} />
      </div>
      <p className="voice-recorder-warning" role="status">
        {warn ? `Recording will stop automatically in ${SECONDS_LEFT_AT_WARNING} seconds` : ''}
      </p>
      {recording ? (
        <button type="button" className="button voice-recorder-stop" onClick={stop}>
          <Square size={16} aria-hidden />
          Stop Recording
        </button>
      ) : (
        <button
          type="button"
          className="button button-primary"
          onClick={() => void start()}
          disabled={status === 'starting'}
        >
          <Mic size={16} aria-hidden />
          {status === 'starting' ? 'Starting...' : 'Start Recording'}
        </button>
      )}
    </div>
  );
}
