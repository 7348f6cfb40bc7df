import { useQuery } from '@tanstack/react-query';
import type { ActivityDetail, DateDetail, PostKind } from '@datebook/contracts';
import { fetchActivity, fetchDate } from '../api';
import { postKeys } from '../query-keys';

export type PostDetail = ActivityDetail | DateDetail;

/** While the worker is still processing a photo or video, look again this often. */
const PROCESSING_POLL_MS = 3_000;

/**
 * One post as its page and popup show it. Media processed in the background turn ready while the
 * post is open, so the query looks again until none is still processing.
 */
export function usePostDetail(kind: PostKind, id: string) {
  return useQuery<PostDetail>({
    queryKey: postKeys.detail(kind, id),
    queryFn: ({ signal }) => (kind === 'activity' ? fetchActivity(id, signal) : fetchDate(id, signal)),
    refetchInterval: (query) =>
      query.state.data?.media.some((item) => item.status === 'pending' || item.status === 'processing')
        ? PROCESSING_POLL_MS
        : false,
  });
}
