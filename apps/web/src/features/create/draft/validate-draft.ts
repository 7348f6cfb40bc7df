import {
  activityPlaceSchema,
  createActivityRequestSchema,
  createDateRequestSchema,
  postMediaTypesSchema,
} from '@datebook/contracts';
import { schemaFieldErrors } from '@/lib/field-errors';
import { activityRequestOf, dateRequestOf, type DraftMediaInput } from './draft-request';
import { ACTIVITY_FIELDS, type PostDraft } from './post-draft';

/** Every field a message can show under: the shared ones and each of an activity's own. */
const DRAFT_FIELDS = ['title', 'description', 'tags', 'media', ...ACTIVITY_FIELDS] as const;

export type DraftField = (typeof DRAFT_FIELDS)[number];

export type DraftErrors = Partial<Record<DraftField, string>>;

/**
 * The post details checked before leaving the details step, with the schemas the api publishes
 * with, so the rules and their texts are the api's. The api checks again on publish, but only after
 * every photo and video is uploaded: a draft restored from storage must be caught here, first.
 */
export function validateDraft(draft: PostDraft): DraftErrors {
  const media: DraftMediaInput = draft.media.map((_, position) => ({
    uploadId: placeholderUploadId(position),
    position,
  }));
  const results = [
    // Before the request's own media rule: a post of videos alone lacks its image first.
    postMediaTypesSchema.safeParse({ media: draft.media.map((item) => item.type) }),
    draft.kind === 'date'
      ? createDateRequestSchema.safeParse(dateRequestOf(draft, media))
      : createActivityRequestSchema.safeParse(activityRequestOf(draft, media)),
    // An activity's place rule runs only once the rest of the request reads; alone it always does.
    ...(draft.kind === 'activity'
      ? [activityPlaceSchema.safeParse({ locationType: draft.locationType, location: draft.location })]
      : []),
  ];
  return schemaFieldErrors(
    results.flatMap((result) => result.error?.issues ?? []),
    DRAFT_FIELDS,
  );
}

/** A file is not an upload yet: a well-formed id, distinct per item, stands in for the one it gets. */
function placeholderUploadId(position: number): string {
  return `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`;
}
