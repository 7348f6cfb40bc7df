import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { commentListSchema, commentSchema, createCommentRequestSchema } from './comments';
import type { PostKind } from './constants';
import { activityDetailSchema, dateDetailSchema, likeStateSchema, postListSchema } from './read-models';
import {
  createActivityRequestSchema,
  createDateRequestSchema,
  postListQuerySchema,
  updateActivityRequestSchema,
  updateDateRequestSchema,
} from './requests';

/* Every post, like and comment endpoint, for both kinds of post. */

export const deletedSchema = z.object({ deleted: z.literal(true) });

const perKind = <K extends PostKind>(kind: K) => {
  const base = kind === 'activity' ? '/activities' : '/dates';
  const noun = kind === 'activity' ? 'an activity' : 'a date';
  return {
    like: defineEndpoint({
      method: 'PUT',
      path: `${base}/:id/like`,
      tag: 'likes',
      summary: `Like ${noun} you can see; liking again changes nothing.`,
      response: likeStateSchema,
    }),
    unlike: defineEndpoint({
      method: 'DELETE',
      path: `${base}/:id/like`,
      tag: 'likes',
      summary: `Take back a like of ${noun}; again changes nothing.`,
      response: likeStateSchema,
    }),
    comments: defineEndpoint({
      method: 'GET',
      path: `${base}/:id/comments`,
      tag: 'comments',
      summary: `Comments on ${noun} you can see, oldest first.`,
      query: postListQuerySchema,
      response: commentListSchema,
    }),
    comment: defineEndpoint({
      method: 'POST',
      path: `${base}/:id/comments`,
      tag: 'comments',
      summary: `Comment on ${noun} you can see (dates only where comments are allowed).`,
      body: createCommentRequestSchema,
      response: commentSchema,
      status: 201,
    }),
  };
};

export const activityEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/activities',
    tag: 'posts',
    summary:
      'Publish an activity from finished uploads, in one transaction; its media are processed in the background.',
    body: createActivityRequestSchema,
    response: activityDetailSchema,
    status: 201,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/activities/:id',
    tag: 'posts',
    summary: 'An activity the viewer may see (404 otherwise, exactly as when missing).',
    response: activityDetailSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/activities/:id',
    tag: 'posts',
    summary: "Edit your activity's title, description, category, budget, tags, equipment or location.",
    body: updateActivityRequestSchema,
    response: activityDetailSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/activities/:id',
    tag: 'posts',
    summary: 'Delete your activity; its media objects are removed in the background.',
    response: deletedSchema,
  }),
  ofProfile: defineEndpoint({
    method: 'GET',
    path: '/profiles/:username/activities',
    tag: 'posts',
    summary: "A profile's activities the viewer may see, newest first.",
    query: postListQuerySchema,
    response: postListSchema,
  }),
  ...perKind('activity'),
};

export const dateEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/dates',
    tag: 'posts',
    summary: 'Publish a date from finished uploads, linked to activities you can see, in one transaction.',
    body: createDateRequestSchema,
    response: dateDetailSchema,
    status: 201,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/dates/:id',
    tag: 'posts',
    summary: 'A date the viewer may see (a non-public date only to its owner; 404 otherwise).',
    response: dateDetailSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/dates/:id',
    tag: 'posts',
    summary: "Edit your date's title, description, tags or visibility.",
    body: updateDateRequestSchema,
    response: dateDetailSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/dates/:id',
    tag: 'posts',
    summary: 'Delete your date; its media objects are removed in the background.',
    response: deletedSchema,
  }),
  ofProfile: defineEndpoint({
    method: 'GET',
    path: '/profiles/:username/dates',
    tag: 'posts',
    summary: "A profile's dates the viewer may see, newest first.",
    query: postListQuerySchema,
    response: postListSchema,
  }),
  ...perKind('date'),
};

export const commentEndpoints = {
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/comments/:id',
    tag: 'comments',
    summary: 'Delete a comment you wrote, or one on your post.',
    response: deletedSchema,
  }),
};
