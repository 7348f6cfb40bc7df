import { z } from 'zod';
import { mediaMessages } from '../media';
import { messages } from '../messages';
import { bigintId, lineText } from '../primitives';
import { COLLECTION_LIMITS, collectionMessages } from './constants';

/* What members send to make, change and fill collections. */

/** A collection id as digits; anything else is 'Invalid collection id' (spec section 5). */
export const collectionIdSchema = bigintId(messages.collections.invalidId);

/** Trimmed (spec section 5); empty is the spec's 'Invalid Collection Name'. */
const collectionNameSchema = (emptyMessage: string) =>
  lineText({ error: messages.collections.invalidName })
    .min(1, emptyMessage)
    .max(COLLECTION_LIMITS.name, collectionMessages.nameTooLong);

export const createCollectionRequestSchema = z.object({
  name: collectionNameSchema(messages.collections.invalidName),
});
export type CreateCollectionRequest = z.input<typeof createCollectionRequestSchema>;
export type CreateCollection = z.output<typeof createCollectionRequestSchema>;

/**
 * The edit dialog (spec section 5, Collection edit): the title, and a newly picked cover photo, an
 * upload of kind `collection`, which is processed in the background like an avatar.
 */
export const updateCollectionRequestSchema = z.object({
  name: collectionNameSchema(messages.collections.titleRequired),
  coverUploadId: z.uuid(mediaMessages.uploadNotFound).optional(),
});
export type UpdateCollectionRequest = z.input<typeof updateCollectionRequestSchema>;
export type UpdateCollection = z.output<typeof updateCollectionRequestSchema>;

export const collectionListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(COLLECTION_LIMITS.list).default(COLLECTION_LIMITS.list),
});
export type CollectionListQuery = z.input<typeof collectionListQuerySchema>;
export type CollectionListParams = z.output<typeof collectionListQuerySchema>;

const choiceSchema = z
  .array(collectionIdSchema)
  .max(COLLECTION_LIMITS.choice, collectionMessages.tooManyChosen)
  .transform((ids) => [...new Set(ids)]);

/**
 * What the member changed in the add-to-collection dialog: the collections the post goes into and
 * those it leaves. Collections not named keep what they hold, so a collection the dialog never
 * showed is never emptied by it.
 */
export const changePostCollectionsRequestSchema = z
  .object({ add: choiceSchema.default([]), remove: choiceSchema.default([]) })
  .refine(({ add, remove }) => !add.some((id) => remove.includes(id)), {
    message: collectionMessages.addedAndRemoved,
    path: ['remove'],
  });
export type ChangePostCollectionsRequest = z.input<typeof changePostCollectionsRequestSchema>;
export type ChangePostCollections = z.output<typeof changePostCollectionsRequestSchema>;
