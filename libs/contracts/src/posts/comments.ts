import { z } from 'zod';
import { paragraphText } from '../primitives';
import { POST_LIMITS, postMessages } from './constants';
import { postAuthorSchema } from './read-models';

/* Comments on a post: what members write and what lists of them answer. */

export const createCommentRequestSchema = z.object({
  body: paragraphText({ error: postMessages.commentRequired })
    .min(1, postMessages.commentRequired)
    .max(POST_LIMITS.comment, postMessages.commentTooLong),
  /**
   * Made once per comment written and sent with every attempt at it: the same id from the same
   * member is one comment, answered again as it was stored (a resend after a lost answer).
   */
  clientId: z.uuid().optional(),
});
export type CreateCommentRequest = z.input<typeof createCommentRequestSchema>;

export const commentSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: postAuthorSchema,
  createdAt: z.string(),
  /** The viewer wrote it or owns the post. */
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentListSchema = z.object({
  items: z.array(commentSchema),
  nextCursor: z.string().nullable(),
});
export type CommentList = z.infer<typeof commentListSchema>;
