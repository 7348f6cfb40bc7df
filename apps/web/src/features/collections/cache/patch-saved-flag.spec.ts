import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PostCard, PostList } from '@datebook/contracts';
import { activityDetail, postCard } from '@/testing/post-fixtures';
import { patchSavedFlag } from './patch-saved-flag';

const pages = (...items: PostCard[][]): InfiniteData<PostList> => ({
  pages: items.map((page) => ({ items: page, nextCursor: null })),
  pageParams: items.map(() => undefined),
});

describe('patchSavedFlag', () => {
  it('sets the flag on the detail and on every cached list holding the post, whatever their keys', () => {
    const client = new QueryClient();
    client.setQueryData(['posts', 'detail', 'activity', '1'], activityDetail());
    client.setQueryData(['posts', 'list', 'activity', 'cleo'], pages([postCard({ id: '2' })], [postCard()]));
    client.setQueryData(['collections', 'saved-posts'], pages([postCard()]));

    patchSavedFlag(client, { kind: 'activity', id: '1' }, true);

    expect(client.getQueryData<PostCard>(['posts', 'detail', 'activity', '1'])?.isSaved).toBe(true);
    const profile = client.getQueryData<InfiniteData<PostList>>(['posts', 'list', 'activity', 'cleo']);
    expect(profile?.pages.map((page) => page.items.map((card) => card.isSaved))).toEqual([[false], [true]]);
    const saved = client.getQueryData<InfiniteData<PostList>>(['collections', 'saved-posts']);
    expect(saved?.pages[0]?.items[0]?.isSaved).toBe(true);
  });

  it('leaves other posts, a date with the same id, and data that is not cards alone', () => {
    const client = new QueryClient();
    const date = postCard({ kind: 'date' });
    const collections = { items: [{ id: '1', name: 'Saved' }] };
    client.setQueryData(['posts', 'detail', 'date', '1'], date);
    client.setQueryData(['collections', 'list'], collections);

    patchSavedFlag(client, { kind: 'activity', id: '1' }, true);

    expect(client.getQueryData(['posts', 'detail', 'date', '1'])).toBe(date);
    expect(client.getQueryData(['collections', 'list'])).toBe(collections);
  });
});
