import { VOICE_NOTE_CHUNK_MS, VOICE_NOTE_MAX_SECONDS, VOICE_NOTE_SAMPLE_RATE } from '@care/events';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../shared/toast';

/** A finished recording, ready to preview and upload. */
export interface Recording {
  readonly blob: Blob;
  /** An object URL for the preview player; revoked by whoever discards the recording. */
  readonly url: string;
  /** Whole seconds, 1 to 300 (what the API's `duration` takes). */
  readonly durationSeconds: number;
}

export type RecorderStatus = 'idle' | 'starting' | 'recording';

/** Audio/webm, else audio/mp4 (Safari), else whatever the browser records. */
function supportedMimeType(): string | undefined {
  return ['audio/webm', 'audio/mp4'].find((type) => MediaRecorder.isTypeSupported(type));
}

/** The two recorder messages. */
function reportFailure(error: unknown) {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    toast({
      title: 'Microphone Access Required',
      description: 'Please allow microphone access to record voice notes.',
      variant: 'destructive',
    });
  } else {
    toast({
      title: 'Recording Failed',
      description: 'Unable to access microphone. Please check your permissions.',
      variant: 'destructive',
    });
  }
}

interface Session {
  readonly stream: MediaStream;
  readonly recorder: MediaRecorder;
  readonly chunks: Blob[];
  readonly startedAt: number;
  timer: number | undefined;
}

const releaseMicrophone = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());

/**
 * The microphone and MediaRecorder behind the voice recorder: 250 ms chunks, 44.1 kHz asked for, stops by
 * itself at 300 s. The microphone is released as soon as recording stops or the component goes away.
 */
export function useVoiceRecorder(onRecorded: (recording: Recording) => void) {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const session = useRef<Session | undefined>(undefined);
  const mounted = useRef(true);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  });

  const stop = useCallback(() => {
    const current = session.current;
    if (!current) return;
    window.clearInterval(current.timer);
    current.timer = undefined;
    if (current.recorder.state !== 'inactive') {
      current.recorder.stop(); // its onstop hands over the recording
    } else {
      session.current = undefined;
      if (mounted.current) setStatus('idle');
    }
    releaseMicrophone(current.stream);
  }, []);

  const start = useCallback(async () => {
    if (session.current || !mounted.current) return;
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      reportFailure(new Error('no media devices'));
      return;
    }
    setStatus('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { sampleRate: VOICE_NOTE_SAMPLE_RATE, echoCancellation: true },
      });
    } catch (error) {
      if (mounted.current) setStatus('idle');
      reportFailure(error);
      return;
    }
    if (!mounted.current) {
      releaseMicrophone(stream);
      return;
    }
    try {
      const mimeType = supportedMimeType();
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const current: Session = { stream, recorder, chunks: [], startedAt: performance.now(), timer: undefined };
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) current.chunks.push(event.data);
      };
      recorder.onstop = () => {
        session.current = undefined;
        const elapsed = performance.now() - current.startedAt;
        if (!mounted.current) return;
        setStatus('idle');
        const blob = new Blob(current.chunks, { type: recorder.mimeType || mimeType || 'audio/webm' });
        if (blob.size === 0) {
          reportFailure(new Error('nothing recorded'));
          return;
        }
        const durationSeconds = Math.min(VOICE_NOTE_MAX_SECONDS, Math.max(1, Math.round(elapsed / 1000)));
        onRecordedRef.current({ blob, url: URL.createObjectURL(blob), durationSeconds });
      };
      recorder.onerror = (event) => {
        reportFailure(event);
        stop();
      };
      recorder.start(VOICE_NOTE_CHUNK_MS);
      session.current = current;
      setElapsedMs(0);
      setStatus('recording');
      current.timer = window.setInterval(() => {
        const elapsed = performance.now() - current.startedAt;
        setElapsedMs(elapsed);
        if (elapsed >= VOICE_NOTE_MAX_SECONDS * 1000) stop();
      }, VOICE_NOTE_CHUNK_MS);
    } catch (error) {
      releaseMicrophone(stream);
      session.current = undefined;
      setStatus('idle');
      reportFailure(error);
    }
  }, [stop]);

  // Leaving the screen mid-recording discards it and frees the microphone.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stop();
    };
  }, [stop]);

  return { status, elapsedMs, start, stop };
}
