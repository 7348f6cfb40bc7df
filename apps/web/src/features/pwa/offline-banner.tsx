import { messages } from '@datebook/contracts';
import { useOnline } from '@/lib/use-online';
import { WifiOffIcon } from '@/ui/icons/icons';
import './offline-banner.css';

/**
 * The app's one word on being offline, under the header of every screen. The live region is always
 * in the page, empty while online, so screen readers announce the text when it appears.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className="offline-banner">
      {!online && (
        <p className="offline-banner__message">
          <WifiOffIcon size={18} />
          <span>{messages.connection.offline}</span>
        </p>
      )}
    </div>
  );
}
