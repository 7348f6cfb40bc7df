import { POST_LIMITS, postMessages } from '@datebook/contracts';
import { limitChips } from './chip-limits';

const many = (count: number, prefix = 'tag') => Array.from({ length: count }, (_, at) => `${prefix}${at}`);
const tooLong = 'x'.repeat(POST_LIMITS.chip + 1);

describe('chip limits', () => {
  it('refuses a chip longer than the limit, keeping the others added with it', () => {
    expect(limitChips(['picnic'], ['picnic', tooLong, 'park'], 'tags')).toEqual({
      chips: ['picnic', 'park'],
      problem: postMessages.chipTooLong,
    });
    const longest = 'x'.repeat(POST_LIMITS.chip);
    expect(limitChips([], [longest], 'tags')).toEqual({ chips: [longest], problem: undefined });
  });

  it('refuses chips past the maximum, with the message of the field', () => {
    const tags = many(POST_LIMITS.tags - 1);
    expect(limitChips(tags, [...tags, 'one', 'two'], 'tags')).toEqual({
      chips: [...tags, 'one'],
      problem: postMessages.tooManyTags,
    });
    const equipment = many(POST_LIMITS.equipment, 'item');
    expect(limitChips(equipment, [...equipment, 'blanket'], 'equipment')).toEqual({
      chips: equipment,
      problem: postMessages.tooManyEquipment,
    });
  });

  it('always lets a chip be removed, even from a list over the limits', () => {
    const tags = [...many(POST_LIMITS.tags + 1), tooLong];
    expect(limitChips(tags, tags.slice(1), 'tags')).toEqual({ chips: tags.slice(1), problem: undefined });
  });
});
