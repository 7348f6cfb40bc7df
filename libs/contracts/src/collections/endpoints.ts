import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { COLLECTION_LIMITS } from './constants';
import { postListSchema } from '../posts/read-models';
import { postListQuerySchema } from '../posts/requests';
import {
  collectionListSchema,
  collectionSchema,
  postCollectionsSchema,
  saveStateSchema,
} from './read-models';
import {
  changePostCollectionsRequestSchema,
  collectionListQuerySchema,
  createCollectionRequestSchema,
  updateCollectionRequestSchema,
} from './requests';

/*
 * Collections and saves. Only the owner reads or changes a collection: another member's answers
 * exactly like a missing one. `:kind` is `activity` or `date`; a post the member may not see
 * answers like a missing post.
 */

export const collectionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/collections',
    tag: 'collections',
    summary: 'Your collections, default first, then the most recently updated.',
    query: collectionListQuerySchema,
    response: collectionListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/collections',
    tag: 'collections',
    summary: `Make a collection; its name is trimmed and unique among yours, ignoring case. A member has at most ${COLLECTION_LIMITS.perMember} (409 beyond).`,
    body: createCollectionRequestSchema,
    response: collectionSchema,
    status: 201,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/collections/:id',
    tag: 'collections',
    summary: 'One of your collections.',
    response: collectionSchema,
  }),
  byName: defineEndpoint({
    method: 'GET',
    path: '/collections/by-name/:name',
    tag: 'collections',
    summary: 'One of your collections by its name (URL-encoded, any case), as its page URL names it.',
    response: collectionSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/collections/:id',
    tag: 'collections',
    summary:
      'Rename one of your collections (never the default; the new name follows the create rules) and/or give it a new cover photo (an image upload of kind `collection`, processed in the background; media.status follows on the socket).',
    body: updateCollectionRequestSchema,
    response: collectionSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/collections/:id',
    tag: 'collections',
    summary: 'Delete a collection and its items (never the posts); the default cannot be deleted.',
    response: z.object({ deleted: z.literal(true) }),
  }),
  items: defineEndpoint({
    method: 'GET',
    path: '/collections/:id/items',
    tag: 'collections',
    summary: "A collection's posts you may see, as cards, newest save first.",
    query: postListQuerySchema,
    response: postListSchema,
  }),
};

export const saveEndpoints = {
  savedPosts: defineEndpoint({
    method: 'GET',
    path: '/saved/posts',
    tag: 'saves',
    summary: 'The posts in your default collection that you may see, as cards, newest save first.',
    query: postListQuerySchema,
    response: postListSchema,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/saves/:kind/:postId',
    tag: 'saves',
    summary: 'Save a post you can see into your default collection; saving again changes nothing.',
    response: saveStateSchema,
  }),
  unsave: defineEndpoint({
    method: 'DELETE',
    path: '/saves/:kind/:postId',
    tag: 'saves',
    summary: 'Take a post out of your default collection; again changes nothing.',
    response: saveStateSchema,
  }),
  postCollections: defineEndpoint({
    method: 'GET',
    path: '/saves/:kind/:postId/collections',
    tag: 'saves',
    summary: 'Which of your collections hold a post (the add-to-collection dialog).',
    response: postCollectionsSchema,
  }),
  changePostCollections: defineEndpoint({
    method: 'PATCH',
    path: '/saves/:kind/:postId/collections',
    tag: 'saves',
    summary:
      'Add a post to some collections of yours and take it out of others, in one transaction; collections not named keep it or not as before. While any non-default collection holds it, the default does too.',
    body: changePostCollectionsRequestSchema,
    response: postCollectionsSchema,
  }),
};
