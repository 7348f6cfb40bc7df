import { Link } from 'react-router-dom';
import { messages, webRoutes, type FollowListItem } from '@datebook/contracts';
import type { FollowDirection } from '@/features/profile';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { UserAvatar } from '@/ui/media/user-avatar';
import { useFollowList } from '../hooks/use-follow-list';
import { useUnfollowFromList } from '../hooks/use-unfollow-from-list';
import './follow-list-dialog.css';

interface FollowListDialogProps {
  /** The member whose list it is: one's own, so the following list offers Unfollow. */
  username: string;
  direction: FollowDirection;
  onClose: () => void;
}

const TITLES: Record<FollowDirection, string> = { followers: 'Followers', following: 'Following' };
const EMPTY: Record<FollowDirection, string> = {
  followers: messages.empty.followers,
  following: messages.empty.following,
};

export function FollowListDialog({ username, direction, onClose }: FollowListDialogProps) {
  const list = useFollowList(username, direction);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Dialog title={TITLES[direction]} onClose={onClose}>
      <div className="follow-list">
        {list.isPending && <p role="status">{messages.loading.generic}</p>}
        {list.isError && <FormMessage tone="error">{list.error.message}</FormMessage>}
        {list.isSuccess && items.length === 0 && <p className="follow-list__empty">{EMPTY[direction]}</p>}
        {items.length > 0 && (
          <ul className="follow-list__items">
            {items.map((item) => (
              <FollowListRow
                key={item.id}
                item={item}
                ownUsername={direction === 'following' ? username : null}
                onOpen={onClose}
              />
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <Button
            variant="secondary"
            pending={list.isFetchingNextPage}
            onClick={() => !list.isFetchingNextPage && void list.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </div>
    </Dialog>
  );
}

interface FollowListRowProps {
  item: FollowListItem;
  /** Set on one's own following list, where each row can be unfollowed. */
  ownUsername: string | null;
  onOpen: () => void;
}

function FollowListRow({ item, ownUsername, onOpen }: FollowListRowProps) {
  return (
    <li className="follow-list__item">
      <Link to={webRoutes.profile(item.username)} className="follow-list__member" onClick={onOpen}>
        <UserAvatar username={item.username} src={item.avatarUrl} size="md" />
        <span className="follow-list__names">
          <span className="follow-list__name">{item.displayName || item.username}</span>
          <span className="follow-list__username">@{item.username}</span>
        </span>
      </Link>
      {ownUsername && <UnfollowButton ownUsername={ownUsername} username={item.username} />}
    </li>
  );
}

function UnfollowButton({ ownUsername, username }: { ownUsername: string; username: string }) {
  const unfollow = useUnfollowFromList(ownUsername);
  return (
    <Button
      variant="secondary"
      pending={unfollow.isPending}
      aria-label={`Unfollow @${username}`}
      onClick={() => !unfollow.isPending && unfollow.mutate(username)}
    >
      Unfollow
    </Button>
  );
}
