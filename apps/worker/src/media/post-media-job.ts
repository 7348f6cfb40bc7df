import { mediaKeyPrefix, type PostKind } from '@datebook/contracts';
import type { PostMediaRow } from '@datebook/db';
import type { MediaSubject } from './media-subject';

/** Deterministic, so a retried job overwrites what an interrupted one wrote. */
export const postMediaKey = (
  userId: string,
  kind: PostKind,
  postMediaId: string,
  name: string,
  extension = 'jpg',
): string => `${mediaKeyPrefix(userId, kind)}${postMediaId}-${name}.${extension}`;

/** A post's photo or video under processing, with its post worked out once from the row. */
export interface PostMediaJob {
  row: PostMediaRow;
  kind: PostKind;
  postId: string;
  subject: MediaSubject;
  /** The key of one of its renditions (`640`, `poster`, `video`). */
  key(name: string, extension?: string): string;
}

export function postMediaJob(row: PostMediaRow): PostMediaJob {
  const [kind, postId]: [PostKind, string] = row.activity_id
    ? ['activity', row.activity_id]
    : ['date', row.date_id!];
  return {
    row,
    kind,
    postId,
    subject: {
      userId: row.user_id,
      uploadId: row.upload_id,
      kind,
      post: { kind, postId, postMediaId: row.id },
      originalKey: row.storage_key,
    },
    key: (name, extension) => postMediaKey(row.user_id, kind, row.id, name, extension),
  };
}
