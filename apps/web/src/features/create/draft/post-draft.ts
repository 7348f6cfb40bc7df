import {
  keptAddress,
  type CreateActivityRequest,
  type LocationType,
  type MediaType,
  type PostKind,
} from '@datebook/contracts';

/** A picked photo or video; `cropped` is the square JPEG made on the crop step, if any. */
export interface DraftMedia {
  id: string;
  type: MediaType;
  fileName: string;
  file: Blob;
  cropped: Blob | null;
}

/** What an activity's request takes besides the fields every post has; a control holds no null. */
type ActivityRequestFields = {
  [
    K in Exclude<keyof CreateActivityRequest, 'title' | 'description' | 'tags' | 'media' | 'requestId'>
  ]-?: NonNullable<CreateActivityRequest[K]>;
};

/** The choices a select offers below a placeholder: '' (its value) until one is picked. */
type PlaceholderChoice = 'mood' | 'budget' | 'timeRequired';

/**
 * An activity's own fields, typed as its request takes them, so the request is the draft's fields
 * as they are: a field added to the contract asks only for its default in `EMPTY_ACTIVITY`.
 */
export type ActivityDraft = Omit<ActivityRequestFields, PlaceholderChoice | 'categoryId'> & {
  [K in PlaceholderChoice]: ActivityRequestFields[K] | '';
} & { categoryId: number | undefined };

const EMPTY_ACTIVITY: ActivityDraft = {
  categoryId: undefined,
  mood: '',
  budget: '',
  timeRequired: '',
  locationType: 'Anywhere',
  location: '',
  equipment: [],
};

export const ACTIVITY_FIELDS = Object.keys(EMPTY_ACTIVITY) as (keyof ActivityDraft)[];

/** The post form's draft (spec section 3, Post form draft), kept across reloads until published. */
export type PostDraft = ActivityDraft & {
  kind: PostKind;
  title: string;
  description: string;
  tags: string[];
  dateOf: string;
  connectedActivities: string[];
  /** The 'Private Post' checkbox: the opposite of visibility_public (default public). */
  isPrivate: boolean;
  allowComments: boolean;
  /** In order: the first photo is the cover, the first video the main one. */
  media: DraftMedia[];
};

export const EMPTY_DRAFT: PostDraft = {
  kind: 'activity',
  title: '',
  description: '',
  ...EMPTY_ACTIVITY,
  tags: [],
  dateOf: '',
  connectedActivities: [],
  isPrivate: false,
  allowComments: true,
  media: [],
};

/** Nothing entered yet, whichever kind is picked: a link may still choose the kind. */
export function isBlankDraft(draft: PostDraft): boolean {
  return (Object.keys(EMPTY_DRAFT) as (keyof PostDraft)[]).every((key) => {
    const value = draft[key];
    return key === 'kind' || (Array.isArray(value) ? value.length === 0 : value === EMPTY_DRAFT[key]);
  });
}

/** Switching to a Date clears the category (spec section 4); dates have none to pick. */
export function withKind(draft: PostDraft, kind: PostKind): PostDraft {
  return { ...draft, kind, categoryId: kind === 'date' ? undefined : draft.categoryId };
}

/** Leaving Site Specific clears the address (spec section 4). */
export function withLocationType(draft: PostDraft, locationType: LocationType): PostDraft {
  return { ...draft, locationType, location: keptAddress(locationType, draft.location) ?? '' };
}

/** Moves the item at `from` to `to`, shifting the others; the list is otherwise unchanged. */
export function moveMedia(media: readonly DraftMedia[], from: number, to: number): DraftMedia[] {
  const next = [...media];
  const [item] = next.splice(from, 1);
  if (item) {
    next.splice(to, 0, item);
  }
  return next;
}
