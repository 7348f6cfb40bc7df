import { describe, expect, it } from 'vitest';
import { clampOffset, cropRectangle, snapZoom } from './crop-math';

const landscape = { width: 400, height: 200 };
const portrait = { width: 300, height: 600 };
const centred = { x: 0, y: 0 };

describe('cropRectangle', () => {
  it('takes the centred square of the shorter side at zoom 1', () => {
    expect(cropRectangle(landscape, 1, centred)).toEqual({ x: 100, y: 0, size: 200 });
    expect(cropRectangle(portrait, 1, centred)).toEqual({ x: 0, y: 150, size: 300 });
  });

  it('takes a smaller square, still centred, when zoomed in', () => {
    expect(cropRectangle(landscape, 2, centred)).toEqual({ x: 150, y: 50, size: 100 });
    expect(cropRectangle(landscape, 3, centred).size).toBeCloseTo(200 / 3);
  });

  it('shows more of the left when the photo is dragged right', () => {
    // Half a square to the right: the square covers 100 source pixels less far right.
    expect(cropRectangle(landscape, 1, { x: 0.5, y: 0 })).toEqual({ x: 0, y: 0, size: 200 });
    expect(cropRectangle(landscape, 2, { x: 0.25, y: -0.25 })).toEqual({ x: 125, y: 75, size: 100 });
  });

  it('never leaves the photo, however far it is dragged', () => {
    expect(cropRectangle(landscape, 1, { x: 5, y: 5 })).toEqual({ x: 0, y: 0, size: 200 });
    expect(cropRectangle(landscape, 1, { x: -5, y: -5 })).toEqual({ x: 200, y: 0, size: 200 });
    expect(cropRectangle(landscape, 2, { x: -5, y: 5 })).toEqual({ x: 300, y: 0, size: 100 });
  });
});

describe('clampOffset', () => {
  it('lets a square photo at zoom 1 not move at all', () => {
    expect(clampOffset({ x: 0.3, y: -0.3 }, { width: 500, height: 500 }, 1)).toEqual({ x: 0, y: 0 });
  });

  it('allows as much movement as the photo overhangs the square', () => {
    expect(clampOffset({ x: 9, y: 9 }, landscape, 1)).toEqual({ x: 0.5, y: 0 });
    expect(clampOffset({ x: 9, y: -9 }, landscape, 2)).toEqual({ x: 1.5, y: -0.5 });
  });
});

describe('snapZoom', () => {
  it('keeps zoom between 1 and 3 in steps of 0.1', () => {
    expect([0.5, 1, 1.04, 1.06, 2.57, 3, 7].map(snapZoom)).toEqual([1, 1, 1, 1.1, 2.6, 3, 3]);
  });
});
