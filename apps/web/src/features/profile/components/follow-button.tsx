import type { Profile } from '@datebook/contracts';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginPathFor } from '@/features/auth';
import { useSessionUser } from '@/features/session';
import { Button } from '@/ui/actions/button';
import { useFollowToggle } from '../hooks/use-follow-toggle';

/** Follow or Following; a visitor is sent to log in first, and comes back here afterwards. */
export function FollowButton({ profile }: { profile: Profile }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const location = useLocation();
  const toggle = useFollowToggle(profile.username);
  const following = profile.relationship.isFollowing;

  const handleClick = () => {
    if (!user) {
      void navigate(loginPathFor(location));
    } else if (!toggle.isPending) {
      toggle.mutate(!following);
    }
  };

  return (
    <Button variant={following ? 'secondary' : 'primary'} pending={toggle.isPending} onClick={handleClick}>
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
