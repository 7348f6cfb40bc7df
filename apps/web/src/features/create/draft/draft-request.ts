import type { CreateActivityRequest, CreateDateRequest } from '@datebook/contracts';
import { ACTIVITY_FIELDS, type ActivityDraft, type PostDraft } from './post-draft';

export type DraftMediaInput = CreateActivityRequest['media'];

/** A choice still on its placeholder is not sent: parsing the request then names a required one. */
type SentActivityFields = { [K in keyof ActivityDraft]: Exclude<ActivityDraft[K], ''> | undefined };
export type ActivityRequestOfDraft = Omit<CreateActivityRequest, keyof ActivityDraft> & SentActivityFields;

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
    ...activityFieldsOf(draft),
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

/** Leaving Site Specific already cleared the address (`withLocationType`), so each field goes as it is. */
function activityFieldsOf(draft: PostDraft): SentActivityFields {
  const entries = ACTIVITY_FIELDS.map((field) => [field, draft[field] === '' ? undefined : draft[field]]);
  return Object.fromEntries(entries) as SentActivityFields;
}
