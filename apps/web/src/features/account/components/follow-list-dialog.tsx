import { useState } from 'react';
import { Link } from 'react-router-dom';
import { followLabels, messages, webRoutes, type FollowListItem } from '@datebook/contracts';
import type { FollowDirection } from '@/features/profile';
import { errorMessageOf } from '@/lib/field-errors';
import { Button } from '@/ui/actions/button';
import { LoadMoreButton } from '@/ui/actions/load-more-button';
import { FormMessage } from '@/ui/feedback/form-message';
import { ConfirmDialog } from '@/ui/layout/dialog/confirm-dialog';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { UserAvatar } from '@/ui/media/user-avatar';
import { useFollowList } from '../hooks/use-follow-list';
import { useRemoveFollower } from '../hooks/use-remove-follower';
import { useUnfollowFromList } from '../hooks/use-unfollow-from-list';
import { FollowRequestsEntry } from './follow-requests-entry';
import './follow-list-dialog.css';

interface FollowListDialogProps {
  /**
   * The member whose list it is: one's own, so the following list offers Unfollow and the followers
   * list offers Remove.
   */
  username: string;
  direction: FollowDirection;
  /** Pending follow requests, offered atop the followers list when there are any or the profile is private. */
  followRequests?: { count: number; shown: boolean; onOpen: () => void };
  onClose: () => void;
}

const TITLES: Record<FollowDirection, string> = { followers: 'Followers', following: 'Following' };
const EMPTY: Record<FollowDirection, string> = {
  followers: messages.empty.followers,
  following: messages.empty.following,
};

export function FollowListDialog({ username, direction, followRequests, onClose }: FollowListDialogProps) {
  const list = useFollowList(username, direction);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Dialog title={TITLES[direction]} onClose={onClose}>
      <div className="follow-list">
        {direction === 'followers' && followRequests?.shown && (
          <FollowRequestsEntry count={followRequests.count} onOpen={followRequests.onOpen} />
        )}
        {list.isPending && <p role="status">{messages.loading.generic}</p>}
        {list.isError && <FormMessage tone="error">{list.error.message}</FormMessage>}
        {list.isSuccess && items.length === 0 && <p className="follow-list__empty">{EMPTY[direction]}</p>}
        {items.length > 0 && (
          <ul className="follow-list__items">
            {items.map((item) => (
              <FollowListRow
                key={item.id}
                item={item}
                ownUsername={username}
                direction={direction}
                onOpen={onClose}
              />
            ))}
          </ul>
        )}
        {list.hasNextPage && <LoadMoreButton query={list} />}
      </div>
    </Dialog>
  );
}

interface FollowListRowProps {
  item: FollowListItem;
  ownUsername: string;
  direction: FollowDirection;
  onOpen: () => void;
}

function FollowListRow({ item, ownUsername, direction, onOpen }: FollowListRowProps) {
  return (
    <li className="follow-list__item">
      <Link to={webRoutes.profile(item.username)} className="follow-list__member" onClick={onOpen}>
        <UserAvatar username={item.username} src={item.avatarUrl} size="md" />
        <span className="follow-list__names">
          <span className="follow-list__name">{item.displayName || item.username}</span>
          <span className="follow-list__username">@{item.username}</span>
        </span>
      </Link>
      {direction === 'following' ? (
        <UnfollowButton ownUsername={ownUsername} username={item.username} />
      ) : (
        <RemoveFollowerButton ownUsername={ownUsername} username={item.username} />
      )}
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

/** Asks first: the member stops seeing a private profile, and only a new request brings them back. */
function RemoveFollowerButton({ ownUsername, username }: { ownUsername: string; username: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveFollower(ownUsername);
  return (
    <>
      <Button
        variant="secondary"
        aria-label={`${followLabels.removeFollower} @${username}`}
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      >
        {followLabels.removeFollower}
      </Button>
      {confirming && (
        <ConfirmDialog
          title={followLabels.removeFollowerTitle}
          message={followLabels.removeFollowerMessage(username)}
          confirmLabel={followLabels.removeFollower}
          pending={remove.isPending}
          error={remove.isError ? errorMessageOf(remove.error, messages.errors.unexpected) : undefined}
          onConfirm={() => !remove.isPending && remove.mutate(username)}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
