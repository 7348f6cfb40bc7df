import type { PostKind } from '@datebook/contracts';
import type { PostMediaRow } from '@datebook/db';
import { renditionKey, renditionStem } from '@datebook/server';
import type { MediaSubject } from './media-subject';

/** A post's photo or video under processing, with its post worked out once from the row. */
export interface PostMediaJob {
  row: PostMediaRow;
  kind: PostKind;
  postId: string;
  subject: MediaSubject;
  /** The key of one of its renditions (`640`, `poster`, `video`), under its original's token. */
  key(name: string, extension?: string): string;
}

export function postMediaJob(row: PostMediaRow): PostMediaJob {
  const [kind, postId]: [PostKind, string] = row.activity_id
    ? ['activity', row.activity_id]
    : ['date', row.date_id!];
  const stem = renditionStem(row.user_id, kind, row.storage_key);
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
    key: (name, extension) => renditionKey(stem, name, extension),
  };
}
