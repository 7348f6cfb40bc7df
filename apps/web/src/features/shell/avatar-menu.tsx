import { messages, webRoutes } from '@datebook/contracts';
import { MenuButton } from '@/ui/actions/menu-button';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { UserAvatar } from '@/ui/media/user-avatar';

interface AvatarMenuProps {
  username: string;
  avatarUrl: string | null;
  signOut: () => Promise<void>;
}

export function AvatarMenu({ username, avatarUrl, signOut }: AvatarMenuProps) {
  const toast = useToast();
  return (
    <MenuButton
      label="Account menu"
      trigger={<UserAvatar username={username} src={avatarUrl} size="sm" />}
      items={[
        { label: 'My Account', to: webRoutes.account },
        {
          label: 'Log Out',
          onSelect: () => void signOut().catch(() => toast.error(messages.errors.unexpected)),
        },
      ]}
    />
  );
}
