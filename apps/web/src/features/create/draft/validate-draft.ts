import { messages, POST_LIMITS, postMessages, TITLE_MAX_LENGTH } from '@datebook/contracts';
import { chipsProblem } from '@datebook/domain';
import type { PostDraft } from './post-draft';

export type DraftField =
  | 'title'
  | 'description'
  | 'categoryId'
  | 'budget'
  | 'timeRequired'
  | 'location'
  | 'equipment'
  | 'tags'
  | 'media';

export type DraftErrors = Partial<Record<DraftField, string>>;

/**
 * The post details rules of spec section 5 and the api's limits, checked before leaving the details
 * step, with the same texts. The api checks them again when the post is published, but only after
 * every photo and video is uploaded: a draft restored from storage must be caught here, first.
 */
export function validateDraft(draft: PostDraft): DraftErrors {
  const errors: DraftErrors = {};
  const title = draft.title.trim();
  if (!title) {
    errors.title = messages.posts.titleRequired;
  } else if (title.length > TITLE_MAX_LENGTH) {
    errors.title = messages.posts.titleTooLong;
  }
  const description = draft.description.trim();
  if (!description) {
    errors.description = messages.posts.descriptionRequired;
  } else if (description.length > POST_LIMITS.description) {
    errors.description = postMessages.descriptionTooLong;
  }
  if (!draft.media.some((item) => item.type === 'photo')) {
    errors.media = messages.posts.imageRequired;
  } else if (draft.media.length > POST_LIMITS.media) {
    errors.media = postMessages.tooManyMedia;
  }
  const tagsProblem = chipsProblem(draft.tags, 'tags');
  if (tagsProblem) {
    errors.tags = tagsProblem;
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
    const location = draft.location.trim();
    if (draft.locationType === 'Site Specific' && !location) {
      errors.location = messages.posts.siteSpecificLocationRequired;
    } else if (location.length > POST_LIMITS.location) {
      errors.location = postMessages.locationTooLong;
    }
    const equipmentProblem = chipsProblem(draft.equipment, 'equipment');
    if (equipmentProblem) {
      errors.equipment = equipmentProblem;
    }
  }
  return errors;
}
