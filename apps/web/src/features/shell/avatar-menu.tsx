import { messages, webRoutes } from '@datebook/contracts';
import { MenuButton } from '@/ui/menu-button';
import { useToast } from '@/ui/toast/use-toast';
import { Avatar } from './avatar';

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
      trigger={<Avatar username={username} src={avatarUrl} />}
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
