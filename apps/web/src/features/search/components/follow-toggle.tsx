import { Button } from '@/ui/actions/button';
import { useSearchFollow } from '../hooks/use-search-follow';
import { searchTexts } from '../search-texts';

/** Follow or Following for one member; its own request, so tiles never wait on each other. */
export function FollowToggle({
  user,
  label,
}: {
  user: { id: string; username: string; isFollowing: boolean };
  /** Who is followed, for screen readers among many tiles. */
  label: string;
}) {
  const follow = useSearchFollow();
  return (
    <Button
      variant={user.isFollowing ? 'secondary' : 'primary'}
      pending={follow.pending}
      aria-label={`${user.isFollowing ? searchTexts.following : searchTexts.follow} ${label}`}
      onClick={() => follow.toggle(user)}
    >
      {user.isFollowing ? searchTexts.following : searchTexts.follow}
    </Button>
  );
}
