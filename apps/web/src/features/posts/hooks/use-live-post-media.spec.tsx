import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import {
  QueryClient,
  QueryClientProvider,
  InfiniteQueryObserver,
  QueryObserver,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import type { CommentList, PostCard, PostList } from '@datebook/contracts';
import type { LiveSocket } from '@/lib/live-socket';
import { activityDetail, postCard } from '@/testing/post-fixtures';
import { postKeys } from '../query-keys';
import { useLivePostMedia } from './use-live-post-media';

const processing: PostCard['media'][number] = {
  ...postCard().media[0]!,
  status: 'processing',
  url: null,
  sources: [],
};

/** A socket that is already connected when the hook mounts, as it is on a page opened signed in. */
const connectedSocket = () =>
  ({ connected: true, on: () => undefined, off: () => undefined }) as unknown as LiveSocket;

describe('useLivePostMedia on (re)connect', () => {
  const clients: QueryClient[] = [];
  const unsubscribes: (() => void)[] = [];
  afterEach(() => {
    unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe());
    clients.splice(0).forEach((client) => client.clear());
  });

  function cacheWith() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    clients.push(client);
    const reads = new Map<string, number>();
    const count = (key: QueryKey) =>
      reads.set(JSON.stringify(key), (reads.get(JSON.stringify(key)) ?? 0) + 1);
    const watch = <T,>(key: QueryKey, data: T) => {
      client.setQueryData(key, data);
      const observer = new QueryObserver(client, {
        queryKey: key,
        queryFn: () => {
          count(key);
          return data;
        },
      });
      unsubscribes.push(observer.subscribe(() => undefined));
    };
    const watchPages = <T,>(key: QueryKey, page: T) => {
      client.setQueryData<InfiniteData<T>>(key, { pages: [page], pageParams: [undefined] });
      const observer = new InfiniteQueryObserver(client, {
        queryKey: key,
        initialPageParam: undefined as string | undefined,
        getNextPageParam: () => undefined,
        queryFn: () => {
          count(key);
          return page;
        },
      });
      unsubscribes.push(observer.subscribe(() => undefined));
    };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return { watch, watchPages, wrapper, reads: (key: QueryKey) => reads.get(JSON.stringify(key)) ?? 0 };
  }

  it('reads again the posts that still show processing, and walks no comment pages as posts', async () => {
    const cache = cacheWith();
    const comments: CommentList = {
      items: [
        {
          id: '3',
          body: 'Lovely idea',
          author: { id: 'u2', username: 'ben', displayName: 'Ben', avatarUrl: null },
          createdAt: '2026-11-01T00:00:00.000Z',
          canDelete: false,
        },
      ],
      nextCursor: null,
    };
    const waitingDetail = postKeys.detail('activity', '1');
    const readyDetail = postKeys.detail('activity', '2');
    const waitingList = postKeys.profileList('activity', 'ada');
    const readyList = postKeys.profileList('date', 'ada');
    cache.watch(waitingDetail, activityDetail({ media: [processing] }));
    cache.watch(readyDetail, activityDetail({ id: '2' }));
    cache.watchPages<PostList>(waitingList, {
      items: [postCard(), postCard({ id: '4', media: [processing] })],
      nextCursor: null,
    });
    cache.watchPages<PostList>(readyList, { items: [postCard()], nextCursor: null });
    cache.watchPages<CommentList>(postKeys.comments('activity', '1'), comments);
    cache.watch([...postKeys.all, 'categories', 'activity'], [{ id: 1, slug: 'outdoors' }]);

    renderHook(() => useLivePostMedia(connectedSocket()), { wrapper: cache.wrapper });

    await waitFor(() => expect(cache.reads(waitingDetail)).toBe(1));
    await waitFor(() => expect(cache.reads(waitingList)).toBe(1));
    expect(cache.reads(readyDetail)).toBe(0);
    expect(cache.reads(readyList)).toBe(0);
    expect(cache.reads(postKeys.comments('activity', '1'))).toBe(0);
  });
});
