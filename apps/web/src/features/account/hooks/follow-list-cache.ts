import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { FollowList } from '@datebook/contracts';
import { profileKeys, type FollowDirection } from '@/features/profile';

/** Takes a member out of one of the signed-in member's own follow lists, as the api just did. */
export function dropFromFollowList(
  queryClient: QueryClient,
  ownUsername: string,
  direction: FollowDirection,
  username: string,
) {
  queryClient.setQueryData<InfiniteData<FollowList>>(
    profileKeys.followList(ownUsername, direction),
    (list) =>
      list && {
        ...list,
        pages: list.pages.map((page) => ({
          ...page,
          items: page.items.filter((item) => item.username !== username),
        })),
      },
  );
}
