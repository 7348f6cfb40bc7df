import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { PostCard, PostList } from '@datebook/contracts';
import type { LiveSocket } from '@/lib/live-socket';
import { rereadQueries } from '@/lib/reread-queries';
import { useRereadOnConnect } from '@/lib/use-reread-on-connect';
import { useServerEvent } from '@/lib/use-server-event';
import { postKeys } from '../query-keys';

/**
 * One of the member's photos or videos finished processing: the open page or popup of that post and
 * the lists showing its card fetch it again, so the renditions replace the processing state at once.
 * The owner's post queries do not poll; this is how they learn.
 *
 * On (re)connect only the queries that hold posts are looked at, each by its key: a post's detail,
 * and lists of card pages. Others under `postKeys.all` (comments, categories) hold no media.
 */
export function useLivePostMedia(socket: LiveSocket | null) {
  const queryClient = useQueryClient();
  useServerEvent(socket, 'media.status', ({ post }) => {
    if (!post) {
      return;
    }
    void rereadQueries(queryClient, { queryKey: postKeys.detail(post.kind, post.postId) });
    void rereadQueries(queryClient, { queryKey: postKeys.lists() });
  });
  useRereadOnConnect<PostCard>(socket, postKeys.details(), showsProcessing);
  useRereadOnConnect<InfiniteData<PostList>>(socket, postKeys.lists(), (data) =>
    data.pages.some((page) => page.items.some(showsProcessing)),
  );
}

function showsProcessing(card: PostCard): boolean {
  return card.media.some((item) => item.status === 'pending' || item.status === 'processing');
}
