import { messages, TITLE_MAX_LENGTH } from '@datebook/contracts';
import type { PostDraft } from './post-draft';

export type DraftField =
  'title' | 'description' | 'categoryId' | 'budget' | 'timeRequired' | 'location' | 'media';

/**
 * The post details rules of spec section 5, checked before leaving the details step, with the
 * spec's texts. The api checks them again with the same messages when the post is published.
 */
export function validateDraft(draft: PostDraft): Partial<Record<DraftField, string>> {
  const errors: Partial<Record<DraftField, string>> = {};
  const title = draft.title.trim();
  if (!title) {
    errors.title = messages.posts.titleRequired;
  } else if (title.length > TITLE_MAX_LENGTH) {
    errors.title = messages.posts.titleTooLong;
  }
  if (!draft.description.trim()) {
    errors.description = messages.posts.descriptionRequired;
  }
  if (!draft.media.some((item) => item.type === 'photo')) {
    errors.media = messages.posts.imageRequired;
  }
  if (draft.kind === 'activity') {
    if (draft.categoryId === undefined) {
      errors.categoryId = messages.posts.categoryRequired;
    }
    if (!draft.budget) {
      errors.budget = messages.posts.budgetRequired;
    }
    if (!draft.timeRequired) {
      errors.timeRequired = messages.posts.timeRequired;
    }
    if (draft.locationType === 'Site Specific' && !draft.location.trim()) {
      errors.location = messages.posts.siteSpecificLocationRequired;
    }
  }
  return errors;
}
