import { describe, expect, it } from 'vitest';
import { messages, POST_LIMITS, postMessages } from '@datebook/contracts';
import {
  EMPTY_DRAFT,
  isBlankDraft,
  moveMedia,
  withKind,
  withLocationType,
  type DraftMedia,
} from './post-draft';
import { validateDraft } from './validate-draft';

const item = (id: string, type: DraftMedia['type'] = 'photo'): DraftMedia => ({
  id,
  type,
  fileName: `${id}.png`,
  file: new Blob(['x'], { type: 'image/png' }),
  cropped: null,
});

describe('post draft rules', () => {
  it('clears the category when switching to a date', () => {
    expect(withKind({ ...EMPTY_DRAFT, categoryId: 3 }, 'date').categoryId).toBeUndefined();
    expect(withKind({ ...EMPTY_DRAFT, kind: 'date', categoryId: 3 }, 'activity').categoryId).toBe(3);
  });

  it('clears the address when leaving Site Specific', () => {
    const siteSpecific = { ...EMPTY_DRAFT, locationType: 'Site Specific' as const, location: '1 Main St' };
    expect(withLocationType(siteSpecific, 'Outdoor').location).toBe('');
    expect(withLocationType(siteSpecific, 'Site Specific').location).toBe('1 Main St');
  });

  it('moves a photo, shifting the others', () => {
    const moved = moveMedia([item('a'), item('b'), item('c')], 2, 0);
    expect(moved.map((media) => media.id)).toEqual(['c', 'a', 'b']);
  });

  it("checks the details with the spec's messages", () => {
    expect(validateDraft(EMPTY_DRAFT)).toEqual({
      title: messages.posts.titleRequired,
      description: messages.posts.descriptionRequired,
      media: messages.posts.imageRequired,
      categoryId: messages.posts.categoryRequired,
      budget: messages.posts.budgetRequired,
      timeRequired: messages.posts.timeRequired,
    });
    const date = {
      ...EMPTY_DRAFT,
      kind: 'date' as const,
      title: 'x'.repeat(81),
      description: 'Fun',
      media: [item('a')],
    };
    expect(validateDraft(date)).toEqual({ title: messages.posts.titleTooLong });
    const activity = {
      ...EMPTY_DRAFT,
      title: 'Picnic',
      description: 'Fun',
      categoryId: 1,
      budget: 'Free' as const,
      timeRequired: 'Under 1 hour' as const,
      locationType: 'Site Specific' as const,
      media: [item('v', 'video')],
    };
    expect(validateDraft(activity)).toEqual({
      media: messages.posts.imageRequired,
      location: messages.posts.siteSpecificLocationRequired,
    });
  });

  it("checks the api's limits too, so a restored draft is caught before anything is uploaded", () => {
    const chips = (count: number) => Array.from({ length: count }, (_, at) => `chip${at}`);
    const activity = {
      ...EMPTY_DRAFT,
      title: 'Picnic',
      description: 'x'.repeat(POST_LIMITS.description + 1),
      categoryId: 1,
      budget: 'Free' as const,
      timeRequired: 'Under 1 hour' as const,
      locationType: 'Site Specific' as const,
      location: 'x'.repeat(POST_LIMITS.location + 1),
      tags: chips(POST_LIMITS.tags + 1),
      equipment: ['x'.repeat(POST_LIMITS.chip + 1)],
      media: Array.from({ length: POST_LIMITS.media + 1 }, (_, at) => item(`m${at}`)),
    };
    expect(validateDraft(activity)).toEqual({
      description: postMessages.descriptionTooLong,
      location: postMessages.locationTooLong,
      tags: postMessages.tooManyTags,
      equipment: postMessages.chipTooLong,
      media: postMessages.tooManyMedia,
    });
    const atTheLimits = {
      ...activity,
      description: 'Fun',
      location: '1 Main St',
      tags: chips(POST_LIMITS.tags),
      equipment: chips(POST_LIMITS.equipment),
      media: activity.media.slice(1),
    };
    expect(validateDraft(atTheLimits)).toEqual({});
    // A date lists no equipment: whatever an earlier switch left there is not sent.
    expect(
      validateDraft({ ...atTheLimits, kind: 'date', equipment: chips(POST_LIMITS.equipment + 1) }),
    ).toEqual({});
  });

  it('counts a draft as blank until something is entered, whichever kind is picked', () => {
    expect(isBlankDraft(EMPTY_DRAFT)).toBe(true);
    expect(isBlankDraft(withKind(EMPTY_DRAFT, 'date'))).toBe(true);
    expect(isBlankDraft({ ...EMPTY_DRAFT, title: 'P' })).toBe(false);
    expect(isBlankDraft({ ...EMPTY_DRAFT, media: [item('a')] })).toBe(false);
    expect(isBlankDraft({ ...EMPTY_DRAFT, allowComments: false })).toBe(false);
  });
});
