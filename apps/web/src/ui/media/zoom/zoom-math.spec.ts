import { describe, expect, it } from 'vitest';
import { clampZoom, MAX_SCALE, NO_ZOOM, pinchTo, zoomAt } from './zoom-math';

const frame = { width: 400, height: 300 };

describe('zoom math', () => {
  it('keeps the tapped point under the finger', () => {
    // 100px right of the centre, zoomed 2x, is 200px right unless moved back by 100px.
    expect(zoomAt({ x: 100, y: -50 }, 2, frame)).toEqual({ scale: 2, x: -100, y: 50 });
  });

  it('never lets the photo uncover its frame', () => {
    // At 2x a 400 by 300 photo overflows its frame by 200px on each side, and by 150px above and below.
    expect(zoomAt({ x: 300, y: 200 }, 2, frame)).toEqual({ scale: 2, x: -200, y: -150 });
    expect(clampZoom({ scale: 2, x: 500, y: -500 }, frame)).toEqual({ scale: 2, x: 200, y: -150 });
  });

  it('stays between the fitted size and the largest zoom', () => {
    expect(clampZoom({ scale: 0.5, x: 30, y: 30 }, frame)).toEqual(NO_ZOOM);
    expect(clampZoom({ scale: 9, x: 0, y: 0 }, frame).scale).toBe(MAX_SCALE);
  });

  it('follows a pinch, growing the offset with the scale', () => {
    expect(pinchTo({ scale: 2, x: 40, y: -20 }, 1.5, frame)).toEqual({ scale: 3, x: 60, y: -30 });
    expect(pinchTo({ scale: 2, x: 40, y: -20 }, 0.25, frame)).toEqual(NO_ZOOM);
  });
});
