import { useEffect } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { PostCard, PostList } from '@datebook/contracts';
import type { LiveSocket } from '@/lib/live-socket';
import { rereadQueries } from '@/lib/reread-queries';
import { useServerEvent } from '@/lib/use-server-event';
import { postKeys } from '../query-keys';

/**
 * One of the member's photos or videos finished processing: the open page or popup of that post and
 * the lists showing its card fetch it again, so the renditions replace the processing state at once.
 * The owner's post queries do not poll; this is how they learn.
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

  // An item may finish after a page read the post but before the socket joined, and its event is
  // then lost: each time the socket (re)connects, read again whatever still shows processing or is
  // being read right now (that read may predate the finish).
  useEffect(() => {
    if (!socket) {
      return;
    }
    const refreshProcessing = () =>
      void rereadQueries(queryClient, {
        queryKey: postKeys.all,
        predicate: (query) => query.state.fetchStatus === 'fetching' || showsProcessing(query.state.data),
      });
    socket.on('connect', refreshProcessing);
    // The socket may have connected before these listeners were attached: what it pushed meanwhile
    // was heard by nobody.
    if (socket.connected) {
      refreshProcessing();
    }
    return () => {
      socket.off('connect', refreshProcessing);
    };
  }, [socket, queryClient]);
}

function showsProcessing(data: unknown): boolean {
  const cards: PostCard[] =
    data && typeof data === 'object' && 'pages' in data
      ? (data as InfiniteData<PostList>).pages.flatMap((page) => page.items)
      : data && typeof data === 'object' && 'media' in data
        ? [data as PostCard]
        : [];
  return cards.some((card) =>
    card.media.some((item) => item.status === 'pending' || item.status === 'processing'),
  );
}
