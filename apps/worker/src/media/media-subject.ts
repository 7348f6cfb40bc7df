import type { MediaKind, PostKind } from '@datebook/contracts';

/** The upload a media job works on: whose it is, how the owner's tabs name it, where its original is. */
export interface MediaSubject {
  userId: string;
  /** Null once the upload row went with its owner's account: then there is nobody to tell. */
  uploadId: string | null;
  kind: MediaKind;
  /** For a post's photo or video: which post and media row, so open pages refresh just that. */
  post?: { kind: PostKind; postId: string; postMediaId: string };
  /** The uploaded original; it may carry EXIF (a location), so it goes once the job has settled. */
  originalKey: string;
}
