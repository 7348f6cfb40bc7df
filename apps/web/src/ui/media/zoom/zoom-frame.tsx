import { useEffect, useRef, useState, type CSSProperties, type PointerEvent, type ReactNode } from 'react';
import { clampZoom, DOUBLE_TAP_SCALE, NO_ZOOM, pinchTo, zoomAt, type Zoom } from './zoom-math';
import './zoom-frame.css';

/** Two taps closer than this, in time and in space, are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;
/** A press that moves further than this is a drag, not a tap. */
const TAP_SLOP_PX = 8;

interface ZoomFrameProps {
  /** The photo's width over its height, so the frame is exactly the photo, fitted and centred. */
  ratio: number;
  /** Only the shown slide zooms; a slide swiped away goes back to its fitted size. */
  active: boolean;
  /** Told when the photo zooms in or back out, so the carousel stops swiping while it is zoomed. */
  onZoomedChange: (zoomed: boolean) => void;
  children: ReactNode;
}

interface Point {
  x: number;
  y: number;
}

const spread = (points: Point[]) =>
  points.length < 2 ? 0 : Math.hypot(points[0]!.x - points[1]!.x, points[0]!.y - points[1]!.y);

/**
 * A photo of the viewer that zooms: a double tap (or double click) zooms in at that point and back
 * out, two fingers pinch, one finger or the mouse drags the zoomed photo around. Pointer events and a
 * CSS transform, no library: the photo stays one element and the page's CSP needs nothing new.
 */
export function ZoomFrame({ ratio, active, onZoomedChange, children }: ZoomFrameProps) {
  const [zoom, setZoom] = useState<Zoom>(NO_ZOOM);
  // While fingers move the photo it follows them at once; only a double tap's zoom is animated.
  const [moving, setMoving] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<{ start: Zoom; spread: number } | null>(null);
  const press = useRef<{ start: Point; last: Point; moved: boolean } | null>(null);
  const lastTap = useRef<{ time: number; at: Point } | null>(null);

  if (!active && zoom !== NO_ZOOM) {
    setZoom(NO_ZOOM);
  }
  const zoomed = zoom.scale > 1;
  useEffect(() => {
    if (active) {
      onZoomedChange(zoomed);
    }
  }, [active, zoomed, onZoomedChange]);

  const size = () => {
    const rect = frame.current?.getBoundingClientRect();
    return { width: rect?.width ?? 0, height: rect?.height ?? 0 };
  };
  const fromCentre = (point: Point): Point => {
    const rect = frame.current?.getBoundingClientRect();
    return rect
      ? { x: point.x - rect.left - rect.width / 2, y: point.y - rect.top - rect.height / 2 }
      : point;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    if (pointers.current.size === 2) {
      pinch.current = { start: zoom, spread: spread([...pointers.current.values()]) };
      press.current = null;
    } else if (pointers.current.size === 1) {
      press.current = { start: point, last: point, moved: false };
      if (zoomed) {
        event.currentTarget.setPointerCapture(event.pointerId);
      }
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) {
      return;
    }
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    if (pinch.current && pointers.current.size === 2 && pinch.current.spread > 0) {
      const ratioOfSpread = spread([...pointers.current.values()]) / pinch.current.spread;
      setMoving(true);
      setZoom(pinchTo(pinch.current.start, ratioOfSpread, size()));
      return;
    }
    const current = press.current;
    if (!current) {
      return;
    }
    if (Math.hypot(point.x - current.start.x, point.y - current.start.y) > TAP_SLOP_PX) {
      current.moved = true;
    }
    if (zoomed) {
      const dx = point.x - current.last.x;
      const dy = point.y - current.last.y;
      setMoving(true);
      setZoom((was) => clampZoom({ ...was, x: was.x + dx, y: was.y + dy }, size()));
    }
    current.last = point;
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) {
      pinch.current = null;
    }
    setMoving(false);
    const current = press.current;
    press.current = null;
    if (!current || current.moved || event.type === 'pointercancel') {
      lastTap.current = null;
      return;
    }
    const at = { x: event.clientX, y: event.clientY };
    const previous = lastTap.current;
    if (
      previous &&
      event.timeStamp - previous.time < DOUBLE_TAP_MS &&
      Math.hypot(at.x - previous.at.x, at.y - previous.at.y) < DOUBLE_TAP_PX
    ) {
      lastTap.current = null;
      setZoom(zoomed ? NO_ZOOM : zoomAt(fromCentre(at), DOUBLE_TAP_SCALE, size()));
    } else {
      lastTap.current = { time: event.timeStamp, at };
    }
  };

  return (
    <div
      ref={frame}
      className="zoom-frame"
      data-zoomed={zoomed || undefined}
      data-moving={moving || undefined}
      style={{ '--zoom-ratio': ratio } as CSSProperties}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDragStart={(event) => event.preventDefault()}
    >
      <div
        className="zoom-frame__content"
        style={{ transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` }}
      >
        {children}
      </div>
    </div>
  );
}
