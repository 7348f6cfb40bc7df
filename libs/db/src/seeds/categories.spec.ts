import { CATEGORY_APPLIES_TO } from '@datebook/contracts';
import { CATEGORY_SEED } from './categories';

describe('CATEGORY_SEED', () => {
  it('has unique kebab-case slugs and unique names', () => {
    const slugs = CATEGORY_SEED.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) {
      expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
    expect(new Set(CATEGORY_SEED.map((c) => c.name.toLowerCase())).size).toBe(CATEGORY_SEED.length);
  });

  it('gives every category one emoji and a known applies_to', () => {
    const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
    for (const category of CATEGORY_SEED) {
      expect({ slug: category.slug, graphemes: [...segmenter.segment(category.icon)].length }).toEqual({
        slug: category.slug,
        graphemes: 1,
      });
      expect(category.icon).toMatch(/\p{Extended_Pictographic}/u);
      expect(CATEGORY_APPLIES_TO).toContain(category.appliesTo);
    }
  });

  it('offers categories for both activities and dates', () => {
    const applies = (kind: 'activity' | 'date') =>
      CATEGORY_SEED.filter((c) => c.appliesTo === kind || c.appliesTo === 'both').length;
    expect(applies('activity')).toBeGreaterThanOrEqual(8);
    expect(applies('date')).toBeGreaterThanOrEqual(8);
  });
});
