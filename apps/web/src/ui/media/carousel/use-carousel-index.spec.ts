import { describe, expect, it } from 'vitest';
import { settledIndex, wrapIndex } from './use-carousel-index';

describe('wrapIndex', () => {
  it('wraps past both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
  });

  it('is 0 for an empty list', () => {
    expect(wrapIndex(2, 0)).toBe(0);
  });
});

describe('settledIndex', () => {
  it('names the slide a track rests on, within a pixel of its edge', () => {
    expect(settledIndex(0, 358, 3)).toBe(0);
    expect(settledIndex(358, 358, 3)).toBe(1);
    expect(settledIndex(715.5, 358, 3)).toBe(2);
    expect(settledIndex(716.8, 358, 3)).toBe(2);
  });

  it('is null between two slides, while a swipe or a smooth scroll is on its way', () => {
    expect(settledIndex(120, 358, 3)).toBeNull();
    expect(settledIndex(356, 358, 3)).toBeNull();
  });

  it('stays inside the list, and is null before the track has a width', () => {
    expect(settledIndex(5 * 358, 358, 3)).toBe(2);
    expect(settledIndex(0, 0, 3)).toBeNull();
    expect(settledIndex(0, 358, 0)).toBeNull();
  });
});
