export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

export const NO_ZOOM: Zoom = { scale: 1, x: 0, y: 0 };
export const DOUBLE_TAP_SCALE = 2.5;
export const MAX_SCALE = 4;

interface Size {
  width: number;
  height: number;
}

/**
 * Keeps a zoomed photo covering its frame: scaled about its centre, it may move at most by the part
 * of it that overflows on each side, and never shrinks below its fitted size.
 */
export function clampZoom(zoom: Zoom, frame: Size): Zoom {
  const scale = Math.min(Math.max(zoom.scale, 1), MAX_SCALE);
  if (scale === 1) {
    return NO_ZOOM;
  }
  const maxX = ((scale - 1) * frame.width) / 2;
  const maxY = ((scale - 1) * frame.height) / 2;
  return {
    scale,
    x: Math.min(Math.max(zoom.x, -maxX), maxX),
    y: Math.min(Math.max(zoom.y, -maxY), maxY),
  };
}

/**
 * Zooms to `scale` keeping the point under the finger (or pointer) where it is: `point` is measured
 * from the frame's centre, in the frame's unzoomed pixels.
 */
export function zoomAt(point: { x: number; y: number }, scale: number, frame: Size): Zoom {
  return clampZoom({ scale, x: point.x * (1 - scale), y: point.y * (1 - scale) }, frame);
}

/** Pinching from `start`: the scale follows the fingers' spread, the offset grows with it. */
export function pinchTo(start: Zoom, spreadRatio: number, frame: Size): Zoom {
  const scale = start.scale * spreadRatio;
  const grow = scale / start.scale;
  return clampZoom({ scale, x: start.x * grow, y: start.y * grow }, frame);
}
