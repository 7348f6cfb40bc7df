import type { UserSearchResult } from '@datebook/contracts';
import { FOLLOW_STATUS_LABELS, followStatusOf, pressFollows } from '@/features/profile';
import { Button } from '@/ui/actions/button';
import { useSearchFollow } from '../hooks/use-search-follow';

/**
 * Follow, Following or Requested for one member, as the search result or the author's profile
 * says; its own request, so tiles never wait on each other.
 */
export function FollowToggle({
  user,
  label,
}: {
  user: Pick<UserSearchResult, 'id' | 'username' | 'isFollowing' | 'isPrivate' | 'requested'>;
  /** Who is followed, for screen readers among many tiles. */
  label: string;
}) {
  const follow = useSearchFollow();
  const status = followStatusOf(user);
  return (
    <Button
      variant={status === 'none' ? 'primary' : 'secondary'}
      pending={follow.pending}
      aria-label={`${FOLLOW_STATUS_LABELS[status]} ${label}`}
      onClick={() => follow.toggle(user, pressFollows(status))}
    >
      {FOLLOW_STATUS_LABELS[status]}
    </Button>
  );
}
