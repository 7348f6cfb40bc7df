import { webRoutes } from '@datebook/contracts';
import { useLocation, useNavigate } from 'react-router-dom';
import { IconButton } from '@/ui/actions/icon-button';
import { ArrowLeftIcon } from '@/ui/icons/action-icons';

/** Back to the previous screen; opened from a shared link, there is none, so Explore instead. */
export function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const hasHistory = location.key !== 'default';
  return (
    <IconButton
      label="Back"
      icon={<ArrowLeftIcon />}
      onClick={() => void (hasHistory ? navigate(-1) : navigate(webRoutes.explore))}
    />
  );
}
