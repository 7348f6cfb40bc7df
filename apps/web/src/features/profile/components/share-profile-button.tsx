import { useState } from 'react';
import { messages, webRoutes } from '@datebook/contracts';
import { shareLink } from '@/lib/share-link';
import { Button } from '@/ui/actions/button';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { ShareIcon } from '@/ui/icons/action-icons';
import { ManualCopyDialog } from '@/ui/layout/dialog/manual-copy-dialog';

/** Shares `{origin}/profile/{username}`: the native share sheet, else the clipboard, else by hand. */
export function ShareProfileButton({ username, name }: { username: string; name: string }) {
  const toast = useToast();
  const [manualUrl, setManualUrl] = useState<string>();

  const share = async () => {
    const url = window.location.origin + webRoutes.profile(username);
    const outcome = await shareLink({
      title: `${name} on Datebook`,
      text: `See @${username} on Datebook`,
      url,
    });
    if (outcome === 'copied') {
      toast.success(messages.account.profileLinkCopied);
    } else if (outcome === 'manual') {
      setManualUrl(url);
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => void share()}>
        <ShareIcon size={18} />
        Share
      </Button>
      {manualUrl && <ManualCopyDialog url={manualUrl} onClose={() => setManualUrl(undefined)} />}
    </>
  );
}
