import type { OwnProfile } from '@datebook/contracts';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { DeleteAccountSetting } from '../settings/delete-account-setting';
import { EmailSetting } from '../settings/email-setting';
import { MfaSetting } from '../settings/mfa-setting';
import { PasswordResetSetting } from '../settings/password-reset-setting';
import { PrivacySetting } from '../settings/privacy-setting';
import { UsernameSetting } from '../settings/username-setting';

interface SettingsDialogProps {
  profile: OwnProfile;
  email: string;
  onClose: () => void;
}

export function SettingsDialog({ profile, email, onClose }: SettingsDialogProps) {
  return (
    <Dialog title="Settings" onClose={onClose}>
      <div className="settings">
        <UsernameSetting username={profile.username} />
        <EmailSetting />
        <PasswordResetSetting email={email} />
        <PrivacySetting isPrivate={profile.isPrivate} />
        <MfaSetting />
        <DeleteAccountSetting />
      </div>
    </Dialog>
  );
}
