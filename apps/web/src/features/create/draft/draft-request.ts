import {
  BUDGETS,
  keptAddress,
  MOODS,
  TIME_REQUIRED,
  type CreateActivityRequest,
  type CreateDateRequest,
} from '@datebook/contracts';
import type { PostDraft } from './post-draft';

export type DraftMediaInput = CreateActivityRequest['media'];

/** The three choices a draft may still leave unset; parsing the request then names them. */
type Unset<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | undefined };
export type ActivityRequestOfDraft = Unset<CreateActivityRequest, 'categoryId' | 'budget' | 'timeRequired'>;

/**
 * The publish request of an activity draft, `media` standing for its files once they are uploads.
 * The form checks its details by parsing this with the api's schema, and publishing sends it.
 */
export function activityRequestOf(
  draft: PostDraft,
  media: DraftMediaInput,
  requestId?: string,
): ActivityRequestOfDraft {
  return {
    ...sharedFields(draft, media, requestId),
    categoryId: draft.categoryId,
    mood: oneOf(MOODS, draft.mood),
    budget: oneOf(BUDGETS, draft.budget),
    timeRequired: oneOf(TIME_REQUIRED, draft.timeRequired),
    locationType: draft.locationType,
    location: keptAddress(draft.locationType, draft.location),
    equipment: draft.equipment,
  };
}

/** The publish request of a date draft; an activity's fields an earlier switch left are not sent. */
export function dateRequestOf(
  draft: PostDraft,
  media: DraftMediaInput,
  requestId?: string,
): CreateDateRequest {
  return {
    ...sharedFields(draft, media, requestId),
    dateOf: draft.dateOf || null,
    activityIds: draft.connectedActivities,
    visibilityPublic: !draft.isPrivate,
    allowComments: draft.allowComments,
  };
}

function sharedFields(draft: PostDraft, media: DraftMediaInput, requestId: string | undefined) {
  return { title: draft.title, description: draft.description, tags: draft.tags, media, requestId };
}

function oneOf<T extends string>(options: readonly T[], value: string): T | undefined {
  return options.find((option) => option === value);
}
