import { messages, webRoutes } from '@datebook/contracts';
import { MenuButton } from '@/ui/menu-button';
import { useToast } from '@/ui/toast/use-toast';
import { Avatar } from './avatar';

export function AvatarMenu({ username, signOut }: { username: string; signOut: () => Promise<void> }) {
  const toast = useToast();
  return (
    <MenuButton
      label="Account menu"
      trigger={<Avatar username={username} />}
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
