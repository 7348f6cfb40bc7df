import type { ReactNode } from 'react';
import { messages, type PostCard, type PostKind } from '@datebook/contracts';
import { LoadMoreButton } from '@/ui/actions/load-more-button';
import { LoadError } from '@/ui/feedback/load-error';
import { useProfilePosts } from '../hooks/use-profile-posts';

interface PagedPostListProps {
  kind: PostKind;
  username: string;
  empty: ReactNode;
  children: (posts: PostCard[]) => ReactNode;
}

/** A profile's activities or dates with their loading, error and empty states and 'Load more'. */
export function PagedPostList({ kind, username, empty, children }: PagedPostListProps) {
  const posts = useProfilePosts(kind, username);
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];

  if (posts.isPending) {
    return <p role="status">{messages.loading.generic}</p>;
  }
  // A failed refetch keeps the posts already shown.
  if (posts.data === undefined) {
    return <LoadError message={posts.error.message} onRetry={() => void posts.refetch()} />;
  }
  if (items.length === 0) {
    return empty;
  }
  return (
    <>
      {children(items)}
      {posts.hasNextPage && <LoadMoreButton query={posts} />}
    </>
  );
}
