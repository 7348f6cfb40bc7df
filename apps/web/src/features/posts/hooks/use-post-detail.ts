import { useQuery } from '@tanstack/react-query';
import type { ActivityDetail, DateDetail, PostKind } from '@datebook/contracts';
import { fetchActivity, fetchDate } from '../api';
import { postKeys } from '../query-keys';

export type PostDetail = ActivityDetail | DateDetail;

/**
 * How often someone other than the owner looks again at a post whose media are still processing.
 * The owner's tabs need no polling: their socket says when each item is done (useLivePostMedia).
 */
const PROCESSING_POLL_MS = 10_000;

/** One post as its page and popup show it, with media the worker may still be processing. */
export function usePostDetail(kind: PostKind, id: string) {
  return useQuery<PostDetail>({
    queryKey: postKeys.detail(kind, id),
    queryFn: ({ signal }) => (kind === 'activity' ? fetchActivity(id, signal) : fetchDate(id, signal)),
    refetchInterval: (query) => {
      const post = query.state.data;
      const processing = post?.media.some(
        (item) => item.status === 'pending' || item.status === 'processing',
      );
      return processing && !post?.isOwner ? PROCESSING_POLL_MS : false;
    },
  });
}
