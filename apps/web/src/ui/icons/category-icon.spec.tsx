import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CategoryIcon } from './category-icon';

/** The slugs of libs/db's category seed, which the web cannot import. */
const SEEDED_SLUGS = [
  'outdoors',
  'food-drink',
  'arts-culture',
  'music',
  'sports',
  'games',
  'wellness',
  'learning',
  'nightlife',
  'travel',
  'at-home',
  'anniversary',
];

const drawing = (slug: string) => render(<CategoryIcon slug={slug} />).container.innerHTML;

describe('CategoryIcon', () => {
  it('draws each seeded category its own picture, as an SVG hidden from assistive technology', () => {
    const drawings = SEEDED_SLUGS.map(drawing);

    expect(new Set(drawings).size).toBe(drawings.length);
    expect(drawings.every((svg) => svg.startsWith('<svg') && svg.includes('aria-hidden="true"'))).toBe(true);
  });

  it('draws a plain tag for a category it does not know', () => {
    expect(drawing('board-games')).toBe(drawing('karaoke'));
    expect(SEEDED_SLUGS.map(drawing)).not.toContain(drawing('karaoke'));
  });
});
