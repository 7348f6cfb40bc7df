import { FOLLOW_STATUS_LABELS, followStatusOf, pressFollows } from '@/features/profile';
import { Button } from '@/ui/actions/button';
import { useSearchFollow } from '../hooks/use-search-follow';

/**
 * Follow, Following or Requested for one member; its own request, so tiles never wait on each other.
 * A search result does not say whether a request waits, so Requested shows once this button asked
 * (or when the author's profile says so); Follow again on a pending request changes nothing.
 */
export function FollowToggle({
  user,
  label,
}: {
  user: { id: string; username: string; isFollowing: boolean; isPrivate: boolean; requested?: boolean };
  /** Who is followed, for screen readers among many tiles. */
  label: string;
}) {
  const follow = useSearchFollow();
  const status = followStatusOf({ ...user, requested: user.requested ?? follow.requested });
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
