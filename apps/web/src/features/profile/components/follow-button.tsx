import type { Profile } from '@datebook/contracts';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginPathFor } from '@/features/auth';
import { useSessionUser } from '@/features/session';
import { Button } from '@/ui/actions/button';
import { FOLLOW_STATUS_LABELS, followStatusOf, pressFollows } from '../follow-state';
import { useFollowToggle } from '../hooks/use-follow-toggle';

/**
 * Follow, Following or Requested (a private member has not answered yet; pressing it withdraws the
 * request); a visitor is sent to log in first, and comes back here afterwards.
 */
export function FollowButton({ profile }: { profile: Profile }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const location = useLocation();
  const toggle = useFollowToggle(profile.username);
  const status = followStatusOf(profile.relationship);

  const handleClick = () => {
    if (!user) {
      void navigate(loginPathFor(location));
    } else if (!toggle.isPending) {
      toggle.mutate(pressFollows(status));
    }
  };

  return (
    <Button
      variant={status === 'none' ? 'primary' : 'secondary'}
      pending={toggle.isPending}
      onClick={handleClick}
    >
      {FOLLOW_STATUS_LABELS[status]}
    </Button>
  );
}
