import { Eraser } from 'lucide-react';
import { useEffect, useRef, type PointerEvent } from 'react';

const HEIGHT_PX = 160;
/** Sharp on a phone's dense screen without making the PNG large (the API takes up to about 200 KB). */
const MAX_PIXEL_RATIO = 2;

interface SignaturePadProps {
  readonly label: string;
  /** The drawing as a PNG data URL after each stroke, or null once cleared. */
  readonly onChange: (signature: string | null) => void;
  readonly signed: boolean;
}

/** The client signs with a finger, stylus or mouse; the strokes are kept as a PNG image. */
export function SignaturePad({ label, onChange, signed }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
    canvas.width = Math.round(canvas.clientWidth * ratio);
    canvas.height = Math.round(HEIGHT_PX * ratio);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#0f172a';
  }, []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    // A tap leaves a dot.
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  };

  const finish = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    onChange(event.currentTarget.toDataURL('image/png'));
  };

  const clear = () => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    context.save();
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.restore();
    onChange(null);
  };

  return (
    <div className="signature-pad">
      <canvas
        ref={canvasRef}
        className="signature-canvas"
        style={{ height: HEIGHT_PX }}
        role="img"
        aria-label={label}
        data-testid="signature-pad"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={finish}
        onPointerCancel={finish}
      />
      <div className="signature-actions">
        <span className="small muted">{signed ? 'Signed' : 'Sign above with a finger or the mouse'}</span>
        <button
          type="button"
          className="button button-secondary check-in-button-secondary"
          onClick={clear}
          disabled={!signed}
        >
          <Eraser size={16} aria-hidden />
          Clear signature
        </button>
      </div>
    </div>
  );
}
